-- Statistics (issue 28) kept per person and view: 'owner' (all of their own) and 'public' (what
-- anyone may read; what every other viewer is shown). A row goes when the person's own items or
-- collections change (statement triggers, as the recommendation cache's of migration 017); what
-- others rate moves generosity and the closest people, so a row is also recomputed once it is
-- older than the service's limit. Blocks, suspensions and the opt-out are checked on every read.
CREATE TABLE stats_cache (
  user_id      text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  view         text NOT NULL CHECK (view IN ('owner', 'public')),
  computed_at  timestamptz NOT NULL DEFAULT now(),
  stats        jsonb NOT NULL,
  PRIMARY KEY (user_id, view)
);

CREATE FUNCTION stats_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    DELETE FROM stats_cache WHERE user_id IN (
      SELECT c.user_id FROM changed_new n JOIN collections c ON c.id = n.collection_id);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM stats_cache WHERE user_id IN (
      SELECT c.user_id FROM changed_old o JOIN collections c ON c.id = o.collection_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER collection_items_stats_ins AFTER INSERT ON collection_items
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION stats_items_changed();
CREATE TRIGGER collection_items_stats_upd AFTER UPDATE ON collection_items
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION stats_items_changed();
CREATE TRIGGER collection_items_stats_del AFTER DELETE ON collection_items
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION stats_items_changed();

-- A collection made private or public, renamed, hidden, liked (the most liked one), deleted.
CREATE FUNCTION stats_collections_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    DELETE FROM stats_cache WHERE user_id IN (SELECT user_id FROM changed_new);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM stats_cache WHERE user_id IN (SELECT user_id FROM changed_old);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER collections_stats_ins AFTER INSERT ON collections
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION stats_collections_changed();
CREATE TRIGGER collections_stats_upd AFTER UPDATE ON collections
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION stats_collections_changed();
CREATE TRIGGER collections_stats_del AFTER DELETE ON collections
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION stats_collections_changed();
