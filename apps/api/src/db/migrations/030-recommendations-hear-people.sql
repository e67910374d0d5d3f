-- The recommendation strip's "people you follow liked it" counts only people the viewer hears
-- (visible and not muted, as notices do). A viewer's cached candidates carry that count, so they
-- go when it may change: the viewer mutes or unmutes someone, or someone they follow is suspended
-- or reinstated (as for activity shared or withdrawn in migration 017).

CREATE FUNCTION recommendation_mute_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM recommendation_cache WHERE user_id IN (SELECT muter_id FROM changed_old);
  ELSE
    DELETE FROM recommendation_cache WHERE user_id IN (SELECT muter_id FROM changed_new);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_mutes_recommend_ins AFTER INSERT ON user_mutes
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION recommendation_mute_changed();
CREATE TRIGGER user_mutes_recommend_del AFTER DELETE ON user_mutes
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION recommendation_mute_changed();

-- Migration 017's function, with the followers' caches dropped on a suspension too.
CREATE OR REPLACE FUNCTION recommendation_person_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM recommendation_cache WHERE user_id IN (
    SELECT n.id FROM changed_new n JOIN changed_old o ON o.id = n.id WHERE n.personalize IS DISTINCT FROM o.personalize
    UNION
    SELECT f.follower_id FROM changed_new n JOIN changed_old o ON o.id = n.id
      JOIN user_followers f ON f.followed_id = n.id
    WHERE n.share_activity IS DISTINCT FROM o.share_activity
      OR (n.suspended_at IS NULL) IS DISTINCT FROM (o.suspended_at IS NULL));
  INSERT INTO recommendation_dirty (collection_id)
    SELECT s.collection_id FROM changed_new n JOIN changed_old o ON o.id = n.id
    CROSS JOIN LATERAL (
      SELECT collection_id, max(at) AS at FROM (
        SELECT collection_id, created_at AS at FROM collection_likes WHERE user_id = n.id
        UNION ALL SELECT collection_id, created_at FROM collection_followers WHERE user_id = n.id
        UNION ALL SELECT collection_id, created_at FROM collection_collaborators WHERE user_id = n.id
        UNION ALL SELECT saved_from_id, created_at FROM collections WHERE user_id = n.id AND saved_from_id IS NOT NULL
      ) a GROUP BY collection_id ORDER BY max(at) DESC LIMIT 100
    ) s
    WHERE n.share_activity IS DISTINCT FROM o.share_activity
    UNION
    SELECT c.id FROM changed_new n JOIN changed_old o ON o.id = n.id JOIN collections c ON c.user_id = n.id
    WHERE (n.suspended_at IS NULL) IS DISTINCT FROM (o.suspended_at IS NULL)
    ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
  RETURN NULL;
END $$;
