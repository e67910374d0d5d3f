-- Items that are the same work across collections (issue 27). See docs/decisions/054-items-that-are-the-same-work.md.

-- `work_key`: the item's name as a work is recognised by: trimmed, spaces collapsed, lower-cased,
-- unaccented ("Central do Brasil", "central  do brasil " and "Central do Brasíl" meet). Two items
-- are the same work when their keys are equal and their years agree (either unknown, or equal), or
-- when they carry the same source identifier (migration 023). A trigger keeps the key, because
-- `unaccent` is not immutable and cannot back a generated column.
ALTER TABLE collection_items ADD COLUMN work_key text;

CREATE FUNCTION collection_items_work_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.work_key := lower(unaccent(regexp_replace(btrim(NEW.name), '\s+', ' ', 'g')));
  RETURN NEW;
END $$;

CREATE TRIGGER collection_items_work_key BEFORE INSERT OR UPDATE OF name ON collection_items
  FOR EACH ROW EXECUTE FUNCTION collection_items_work_key();

UPDATE collection_items SET work_key = lower(unaccent(regexp_replace(btrim(name), '\s+', ' ', 'g')));
ALTER TABLE collection_items ALTER COLUMN work_key SET NOT NULL;

-- Replaces the lower(name) index of migration 006: recommendations, "Pessoas com gostos
-- parecidos", taste in common, statistics and "Também em N coleções" all look works up by key.
CREATE INDEX collection_items_work_key_idx ON collection_items (work_key);
DROP INDEX collection_items_name_key_idx;

-- A year set or changed makes the item another work: the owner's cached suggestions go, as for a
-- new name or rating (migration 017's function, with the year added).
CREATE OR REPLACE FUNCTION recommendation_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
      WHERE n.rating IS DISTINCT FROM o.rating OR n.name IS DISTINCT FROM o.name OR n.year IS DISTINCT FROM o.year);
  END IF;
  RETURN NULL;
END $$;
