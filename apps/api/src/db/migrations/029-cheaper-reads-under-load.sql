-- Cheaper reads under load: indexes for reads that matched works, checked suspensions and walked
-- followed collections row by row; and comment counts that leave out suspended authors (issue 26).
-- See docs/decisions/058-cheaper-reads-under-load.md.

-- Suspended people are few: every check of a collection's owner ("not suspended") probes this
-- index instead of hashing the whole users table.
CREATE INDEX users_suspended_idx ON users (id) WHERE suspended_at IS NOT NULL;

-- Works looked up by key with their year, collection and rating (recommendations' rated works,
-- statistics' others' ratings, taste in common) read the index alone and stop at their LIMIT.
CREATE INDEX collection_items_work_idx ON collection_items (work_key, year) INCLUDE (collection_id, rating, hidden_reason);
DROP INDEX collection_items_work_key_idx;

-- "Seguindo" reads each followed collection's newest activities from this index alone (the
-- actor too, to leave out the viewer's own), before checking any of them (decision 058).
CREATE INDEX activities_collection_newest_actor_idx ON activities (collection_id, created_at DESC, id DESC) INCLUDE (actor_id);
DROP INDEX activities_collection_newest_idx;

-- Comment counts leave out what no reader sees: a suspended author's comments, as well as those an
-- operator hid (migration 018). A suspension or reinstatement recounts the collections its author
-- commented on; deleting a suspended author's comment changes nothing it counted.
CREATE OR REPLACE FUNCTION collection_comments_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.hidden_reason IS NULL THEN
    UPDATE collections SET comments_count = comments_count + 1 WHERE id = NEW.collection_id;
  ELSIF TG_OP = 'DELETE' AND OLD.hidden_reason IS NULL
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.author_id AND u.suspended_at IS NOT NULL) THEN
    UPDATE collections SET comments_count = comments_count - 1 WHERE id = OLD.collection_id;
  ELSIF TG_OP = 'UPDATE' AND (OLD.hidden_reason IS NULL) <> (NEW.hidden_reason IS NULL)
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.author_id AND u.suspended_at IS NOT NULL) THEN
    UPDATE collections SET comments_count = comments_count + CASE WHEN NEW.hidden_reason IS NULL THEN 1 ELSE -1 END
    WHERE id = NEW.collection_id;
  END IF;
  RETURN NULL;
END $$;

-- Statement-level, so counter updates on users (followers_count...) pay one check of the changed rows.
CREATE FUNCTION comments_count_author_suspended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collections c SET comments_count = (
    SELECT count(*) FROM comments cm JOIN users u ON u.id = cm.author_id
    WHERE cm.collection_id = c.id AND cm.hidden_reason IS NULL AND u.suspended_at IS NULL)
  WHERE c.id IN (
    SELECT cm.collection_id FROM comments cm WHERE cm.author_id IN (
      SELECT n.id FROM changed_new n JOIN changed_old o ON o.id = n.id
      WHERE (n.suspended_at IS NULL) IS DISTINCT FROM (o.suspended_at IS NULL)));
  RETURN NULL;
END $$;

CREATE TRIGGER users_comments_count_upd AFTER UPDATE ON users
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION comments_count_author_suspended();

UPDATE collections c SET comments_count = x.n FROM (
  SELECT cm.collection_id, count(*) FILTER (WHERE u.suspended_at IS NULL)::int AS n
  FROM comments cm JOIN users u ON u.id = cm.author_id WHERE cm.hidden_reason IS NULL GROUP BY 1
) x WHERE c.id = x.collection_id AND c.comments_count <> x.n;
