-- Recommendations, incremental (issue 25, decision 043): the job recomputes only the collections
-- whose signals changed, in short slices; each viewer's candidates are kept until their own
-- signals change or the neighbours do.

-- Collections whose neighbours must be recomputed: filled by the triggers below wherever likes,
-- follows, collaborations, saved copies, items, texts or visibility change; emptied by the job.
CREATE TABLE recommendation_dirty (
  collection_id  text PRIMARY KEY,
  marked_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX recommendation_dirty_marked_idx ON recommendation_dirty (marked_at, collection_id);

-- The words of each listed collection the content neighbours compare (stemmed lexemes of its
-- name, description and items), how many collections hold each word, and each collection's
-- tf-idf norm as of its last slice: kept up to date per slice instead of recomputed for all.
CREATE TABLE recommendation_terms (
  collection_id  text NOT NULL,
  lexeme         text NOT NULL,
  PRIMARY KEY (collection_id, lexeme)
);
CREATE INDEX recommendation_terms_lexeme_idx ON recommendation_terms (lexeme, collection_id);
CREATE TABLE recommendation_term_counts (
  lexeme  text PRIMARY KEY,
  n       integer NOT NULL
);
CREATE TABLE recommendation_term_norms (
  collection_id  text PRIMARY KEY,
  norm           float8 NOT NULL
);

-- A slice's similarities before they are cut to the top 20 (emptied before the slice commits, so
-- no one else ever sees rows here; the job's advisory lock lets one slice at a time use it).
CREATE TABLE recommendation_scratch (
  collection_id  text NOT NULL,
  kind           text NOT NULL,
  neighbor_id    text NOT NULL,
  score          float8 NOT NULL,
  rank           integer NOT NULL
);

-- Reads look a seed's neighbours up, and slices also rewrite the rows pointing at a collection.
CREATE INDEX collection_neighbors_neighbor_idx ON collection_neighbors (neighbor_id);

-- The job no longer compares a signature of everything: the dirty table says what changed.
-- `generation` grows with every run that changed neighbours; cached candidates of an older
-- generation are recomputed.
ALTER TABLE recommendation_state DROP COLUMN signature,
  ADD COLUMN generation bigint NOT NULL DEFAULT 0;

-- A viewer's scored candidates (ids, scores and the reason's ingredients), as the statement of
-- recommendation.service.ts ranked them. Deleted by the triggers below when the viewer's own
-- signals change; ignored when `generation` is older than the job's. Privacy, blocks and mutes
-- are checked again on every read, never cached.
CREATE TABLE recommendation_cache (
  user_id     text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  generation  bigint NOT NULL,
  candidates  jsonb NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);

-- ---- Triggers: statement-level, over transition tables, so bulk writes pay once ----

-- Likes, follows and collaborations: the collection is dirty, the person's cache is stale.
CREATE FUNCTION recommendation_signal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO recommendation_dirty (collection_id)
      SELECT DISTINCT collection_id FROM changed_old ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    DELETE FROM recommendation_cache WHERE user_id IN (SELECT user_id FROM changed_old);
  ELSE
    INSERT INTO recommendation_dirty (collection_id)
      SELECT DISTINCT collection_id FROM changed_new ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    DELETE FROM recommendation_cache WHERE user_id IN (SELECT user_id FROM changed_new);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER collection_likes_recommend_ins AFTER INSERT ON collection_likes
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION recommendation_signal_changed();
CREATE TRIGGER collection_likes_recommend_del AFTER DELETE ON collection_likes
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION recommendation_signal_changed();
CREATE TRIGGER collection_followers_recommend_ins AFTER INSERT ON collection_followers
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION recommendation_signal_changed();
CREATE TRIGGER collection_followers_recommend_del AFTER DELETE ON collection_followers
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION recommendation_signal_changed();
CREATE TRIGGER collection_collaborators_recommend_ins AFTER INSERT ON collection_collaborators
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION recommendation_signal_changed();
CREATE TRIGGER collection_collaborators_recommend_del AFTER DELETE ON collection_collaborators
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION recommendation_signal_changed();

-- Collections: new, deleted, saved copies (a signal of their owner), and edits to what the
-- neighbours read (words, visibility, moderation). Counter updates (likes_count...) change none
-- of these and cost one join of the changed rows.
CREATE FUNCTION recommendation_collection_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO recommendation_dirty (collection_id)
      SELECT id FROM changed_new UNION SELECT saved_from_id FROM changed_new WHERE saved_from_id IS NOT NULL
      ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    DELETE FROM recommendation_cache WHERE user_id IN (SELECT user_id FROM changed_new WHERE saved_from_id IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO recommendation_dirty (collection_id)
      SELECT id FROM changed_old UNION SELECT saved_from_id FROM changed_old WHERE saved_from_id IS NOT NULL
      ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    DELETE FROM recommendation_cache WHERE user_id IN (SELECT user_id FROM changed_old WHERE saved_from_id IS NOT NULL);
  ELSE
    INSERT INTO recommendation_dirty (collection_id)
      SELECT n.id FROM changed_new n JOIN changed_old o ON o.id = n.id
      WHERE n.name IS DISTINCT FROM o.name OR n.description IS DISTINCT FROM o.description
         OR n.private IS DISTINCT FROM o.private OR n.hidden_reason IS DISTINCT FROM o.hidden_reason
         OR n.user_id IS DISTINCT FROM o.user_id OR n.saved_from_id IS DISTINCT FROM o.saved_from_id
      ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER collections_recommend_ins AFTER INSERT ON collections
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION recommendation_collection_changed();
CREATE TRIGGER collections_recommend_upd AFTER UPDATE ON collections
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION recommendation_collection_changed();
CREATE TRIGGER collections_recommend_del AFTER DELETE ON collections
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION recommendation_collection_changed();

-- Items: their words feed the content neighbours; their ratings feed their owner's suggestions.
CREATE FUNCTION recommendation_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO recommendation_dirty (collection_id)
      SELECT DISTINCT collection_id FROM changed_new ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    DELETE FROM recommendation_cache WHERE user_id IN (
      SELECT c.user_id FROM collections c WHERE c.id IN (SELECT collection_id FROM changed_new WHERE rating IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO recommendation_dirty (collection_id)
      SELECT DISTINCT collection_id FROM changed_old ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    DELETE FROM recommendation_cache WHERE user_id IN (
      SELECT c.user_id FROM collections c WHERE c.id IN (SELECT collection_id FROM changed_old WHERE rating IS NOT NULL));
  ELSE
    INSERT INTO recommendation_dirty (collection_id)
      SELECT DISTINCT n.collection_id FROM changed_new n JOIN changed_old o ON o.id = n.id
      WHERE n.name IS DISTINCT FROM o.name OR n.description IS DISTINCT FROM o.description
         OR n.hidden_reason IS DISTINCT FROM o.hidden_reason OR n.collection_id IS DISTINCT FROM o.collection_id
      ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    DELETE FROM recommendation_cache WHERE user_id IN (
      SELECT c.user_id FROM changed_new n JOIN changed_old o ON o.id = n.id JOIN collections c ON c.id = n.collection_id
      WHERE n.rating IS DISTINCT FROM o.rating OR n.name IS DISTINCT FROM o.name);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER collection_items_recommend_ins AFTER INSERT ON collection_items
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION recommendation_item_changed();
CREATE TRIGGER collection_items_recommend_upd AFTER UPDATE ON collection_items
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION recommendation_item_changed();
CREATE TRIGGER collection_items_recommend_del AFTER DELETE ON collection_items
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION recommendation_item_changed();

-- "Não tenho interesse" and following people: the viewer's own signals.
CREATE FUNCTION recommendation_viewer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM recommendation_cache WHERE user_id IN (SELECT user_id FROM changed_old);
  ELSE
    DELETE FROM recommendation_cache WHERE user_id IN (SELECT user_id FROM changed_new);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dismissed_collections_recommend_ins AFTER INSERT ON dismissed_collections
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION recommendation_viewer_changed();
CREATE TRIGGER dismissed_collections_recommend_del AFTER DELETE ON dismissed_collections
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION recommendation_viewer_changed();

CREATE FUNCTION recommendation_follow_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM recommendation_cache WHERE user_id IN (SELECT follower_id FROM changed_old);
  ELSE
    DELETE FROM recommendation_cache WHERE user_id IN (SELECT follower_id FROM changed_new);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_followers_recommend_ins AFTER INSERT ON user_followers
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION recommendation_follow_changed();
CREATE TRIGGER user_followers_recommend_del AFTER DELETE ON user_followers
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION recommendation_follow_changed();

-- People: personalisation switched (their own cache); activity shared or withdrawn (the caches
-- of those who follow them, and the collections of their 100 newest signals, as the job counts
-- them); suspended or reinstated (their collections).
CREATE FUNCTION recommendation_person_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM recommendation_cache WHERE user_id IN (
    SELECT n.id FROM changed_new n JOIN changed_old o ON o.id = n.id WHERE n.personalize IS DISTINCT FROM o.personalize
    UNION
    SELECT f.follower_id FROM changed_new n JOIN changed_old o ON o.id = n.id
      JOIN user_followers f ON f.followed_id = n.id
    WHERE n.share_activity IS DISTINCT FROM o.share_activity);
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

CREATE TRIGGER users_recommend_upd AFTER UPDATE ON users
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION recommendation_person_changed();

-- Everything present now is dirty once: the first runs after this migration build the tables.
INSERT INTO recommendation_dirty (collection_id) SELECT id FROM collections ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
