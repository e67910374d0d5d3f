-- Imports from Letterboxd, Goodreads and plain CSV (issue 27). See docs/decisions/049-imports.md.

-- One row per uploaded file, outbox-style: the route parses the file and stores what it will
-- create (`plan`); a worker in any API process claims a queued row (or a running one whose lease
-- ran out: a process that died mid-import) with FOR UPDATE SKIP LOCKED and writes the plan in
-- batches, each batch in its own transaction that also advances `cursor`, so a restart resumes
-- exactly where the last committed batch ended.
CREATE TABLE imports (
  id            text PRIMARY KEY,
  user_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status        text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  format        text NOT NULL CHECK (format IN ('letterboxd', 'goodreads', 'csv')),
  visibility    text NOT NULL CHECK (visibility IN ('public', 'private')),
  plan          jsonb NOT NULL,
  rows_total    integer NOT NULL,
  -- Entries of the plan written (or found already present) so far.
  cursor        integer NOT NULL DEFAULT 0,
  items_created integer NOT NULL DEFAULT 0,
  items_present integer NOT NULL DEFAULT 0,
  attempts      integer NOT NULL DEFAULT 0,
  lease_until   timestamptz,
  error         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);
-- One import at a time per person: a second upload while one waits or runs is refused (409).
CREATE UNIQUE INDEX imports_one_active_per_user_idx ON imports (user_id) WHERE status IN ('queued', 'running');
CREATE INDEX imports_user_created_idx ON imports (user_id, created_at DESC);
CREATE INDEX imports_due_idx ON imports (created_at) WHERE status IN ('queued', 'running');

-- A collection an import writes into: `import_group` names the import's target ("letterboxd:
-- watched", "goodreads:shelf:to-read", ...), so that the next import of the same export finds it
-- again (and its continuation parts past ITEMS_PER_COLLECTION_MAX). `import_id` is the import
-- that created it: until that import is done the collection stays private, and if it fails the
-- collection goes.
ALTER TABLE collections
  ADD COLUMN import_group text,
  ADD COLUMN import_id text REFERENCES imports(id) ON DELETE SET NULL;
CREATE INDEX collections_import_group_idx ON collections (user_id, import_group) WHERE import_group IS NOT NULL;
CREATE INDEX collections_import_idx ON collections (import_id) WHERE import_id IS NOT NULL;

-- What identity (the next slice of issue 27) builds on: the work's year and an identifier of its
-- source (a Letterboxd film URI, an ISBN, or `title:<normalised name>|<year>` when there is none).
-- `import_id`: the import that added the item, so a failed import takes back exactly its items.
ALTER TABLE collection_items
  ADD COLUMN year smallint CHECK (year IS NULL OR year BETWEEN 1 AND 9999),
  ADD COLUMN source_id text,
  ADD COLUMN import_id text REFERENCES imports(id) ON DELETE SET NULL;
CREATE INDEX collection_items_source_idx ON collection_items (source_id) WHERE source_id IS NOT NULL;
CREATE INDEX collection_items_import_idx ON collection_items (import_id) WHERE import_id IS NOT NULL;

-- "Your import is done": the person is told of their own action, the one kind of notice that is.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN
  ('new_follower', 'like', 'save', 'collaborator_added', 'item_added', 'item_changed', 'content_hidden',
   'comment', 'mention', 'reply', 'import_done'));
ALTER TABLE notifications DROP CONSTRAINT notifications_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_check CHECK (recipient_id <> actor_id OR kind = 'import_done');
