-- "Seguindo", the timeline (issue 26, decision 045): what people did, written once per event by
-- the service that performs it (in its transaction, next to its notice) and read fanned out on
-- read: a viewer's timeline is the newest rows of the people and collections they follow, with
-- who may see what checked again on every read (modules/access), never stored here.

CREATE TABLE activities (
  id             text PRIMARY KEY,
  actor_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- collection_created: a new collection; item_added / item_rated: an item added to it or given
  -- another rating; collection_saved / collection_liked: someone else's collection saved or liked.
  kind           text NOT NULL CHECK (kind IN
                   ('collection_created', 'item_added', 'item_rated', 'collection_saved', 'collection_liked')),
  collection_id  text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  -- The item of item_added and item_rated; its deletion takes the activity with it.
  item_id        text REFERENCES collection_items(id) ON DELETE CASCADE,
  -- clock_timestamp(), not now(): events of one transaction keep their order.
  created_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((item_id IS NOT NULL) = (kind IN ('item_added', 'item_rated')))
);

-- The two sides of a timeline read, each walked newest first per followed person or collection
-- (and a profile's own activity), so a page reads at most a page per source.
CREATE INDEX activities_actor_newest_idx ON activities (actor_id, created_at DESC, id DESC);
CREATE INDEX activities_collection_newest_idx ON activities (collection_id, created_at DESC, id DESC);
-- ON DELETE CASCADE from collection_items looks rows up by item.
CREATE INDEX activities_item_idx ON activities (item_id) WHERE item_id IS NOT NULL;

-- Backfill: existing collections that are public now appear as created when they were. Items are
-- not backfilled: who added an item (owner or an editor) was never recorded.
INSERT INTO activities (id, actor_id, kind, collection_id, created_at)
SELECT 'bf' || c.id, c.user_id, 'collection_created', c.id, c.created_at
FROM collections c
WHERE NOT c.private AND c.saved_from_id IS NULL;
