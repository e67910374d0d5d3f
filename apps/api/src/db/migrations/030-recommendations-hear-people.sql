-- The recommendation strip's "people you follow liked it" counts only people the viewer hears
-- (visible and not muted, as notices do). A viewer's cached candidates carry that count, so they
-- go when it may change: the viewer mutes or unmutes someone, or someone they follow is suspended
-- or reinstated (shared or withdrawn activity already drops them, migration 017).

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

CREATE FUNCTION recommendation_followed_suspended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM recommendation_cache WHERE user_id IN (
    SELECT f.follower_id FROM changed_new n JOIN changed_old o ON o.id = n.id
      JOIN user_followers f ON f.followed_id = n.id
    WHERE (n.suspended_at IS NULL) IS DISTINCT FROM (o.suspended_at IS NULL));
  RETURN NULL;
END $$;

CREATE TRIGGER users_suspended_recommend_upd AFTER UPDATE ON users
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION recommendation_followed_suspended();
