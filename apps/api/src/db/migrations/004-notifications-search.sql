-- Notifications and full-text search (issue #8).

-- ---- Notifications ----
-- One row per notice and recipient. The "complete your registration" notice is not stored: it is
-- derived from the account columns of `users` when listed.
CREATE TABLE notifications (
  id             text PRIMARY KEY,
  recipient_id   text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN
                   ('new_follower', 'like', 'save', 'collaborator_added', 'item_added', 'item_changed')),
  actor_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  collection_id  text REFERENCES collections(id) ON DELETE CASCADE,
  -- What coalesces: item additions and changes count as one subject per collection; any other
  -- kind is its own subject (a like and an unlike and a like again stay one notice).
  subject        text GENERATED ALWAYS AS (
                   CASE WHEN kind IN ('item_added', 'item_changed') THEN 'items' ELSE kind END
                   || ':' || coalesce(collection_id, '')) STORED,
  created_at     timestamptz NOT NULL DEFAULT now(),
  read_at        timestamptz,
  -- Nobody is notified of their own actions.
  CHECK (recipient_id <> actor_id)
);
-- The bell: a recipient's notices, newest first, and the unread count.
CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, created_at DESC, id DESC);
-- At most one unread notice per recipient, actor and subject: notify() upserts on this index and
-- only refreshes the notice when it is more than an hour old.
CREATE UNIQUE INDEX notifications_unread_subject_idx
  ON notifications (recipient_id, actor_id, subject) WHERE read_at IS NULL;
CREATE INDEX notifications_actor_idx ON notifications (actor_id);
CREATE INDEX notifications_collection_idx ON notifications (collection_id) WHERE collection_id IS NOT NULL;

-- ---- Search ----
-- `unaccent` is a text-search dictionary as well as a function. Putting the dictionary in front of
-- the stemmer in a copied configuration makes `to_tsvector('acervo_pt', ...)` accent-insensitive
-- while staying IMMUTABLE (so it can feed a STORED generated column), and lets `ts_headline`
-- find "Feijão" for "feijao" too. `acervo_simple` does the same without stemming or stop words:
-- for people's names, and for the prefix of the word being typed.
CREATE TEXT SEARCH CONFIGURATION acervo_pt (COPY = pg_catalog.portuguese);
ALTER TEXT SEARCH CONFIGURATION acervo_pt
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;
CREATE TEXT SEARCH CONFIGURATION acervo_simple (COPY = pg_catalog.simple);
ALTER TEXT SEARCH CONFIGURATION acervo_simple
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;

ALTER TABLE collections ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('acervo_pt', name), 'A') || setweight(to_tsvector('acervo_pt', description), 'B')
) STORED;
CREATE INDEX collections_search_idx ON collections USING gin (search);

ALTER TABLE collection_items ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('acervo_pt', name), 'A') || setweight(to_tsvector('acervo_pt', description), 'B')
) STORED;
CREATE INDEX collection_items_search_idx ON collection_items USING gin (search);

ALTER TABLE users ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('acervo_simple', name)) STORED;
CREATE INDEX users_search_idx ON users USING gin (search);
