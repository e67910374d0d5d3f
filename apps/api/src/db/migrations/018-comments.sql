-- Comments on collections and on their items (issue 26). Who reads which comment is decided in
-- modules/access (the collection's read rule, blocks, moderation); this is only their storage.

-- The owner may close a collection to new comments; what was written stays readable.
ALTER TABLE collections ADD COLUMN comments_enabled boolean NOT NULL DEFAULT true;
-- Comments not hidden by an operator, kept by the trigger below for cards and banners.
ALTER TABLE collections ADD COLUMN comments_count integer NOT NULL DEFAULT 0;

CREATE TABLE comments (
  id                 text PRIMARY KEY,
  collection_id      text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  -- Null: a comment on the collection itself; else on this item of it.
  collection_item_id text REFERENCES collection_items(id) ON DELETE CASCADE,
  author_id          text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- One level of replies: a reply's parent has no parent (checked by the service under a lock).
  -- Deleting a comment deletes its replies.
  parent_id          text REFERENCES comments(id) ON DELETE CASCADE,
  body               text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  -- The people mentioned with @name, resolved when written among those the author may mention.
  mentions           text[] NOT NULL DEFAULT '{}',
  -- Threads read in order: a comment and its replies together, threads by their first comment.
  -- `thread_at` is the creation instant of the thread's first comment (the parent, or itself).
  thread_at          timestamptz NOT NULL,
  thread_id          text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  edited_at          timestamptz,
  hidden_reason      text
);
-- A page of a collection's (or an item's) comments, oldest thread first.
CREATE INDEX comments_collection_page_idx ON comments (collection_id, thread_at, thread_id, created_at, id)
  WHERE collection_item_id IS NULL;
CREATE INDEX comments_item_page_idx ON comments (collection_item_id, thread_at, thread_id, created_at, id)
  WHERE collection_item_id IS NOT NULL;
CREATE INDEX comments_parent_idx ON comments (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX comments_author_idx ON comments (author_id);

-- Mentions are resolved by name (`@Ana Souza`), case-insensitively.
CREATE INDEX users_lower_name_idx ON users (lower(name));

CREATE FUNCTION collection_comments_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.hidden_reason IS NULL THEN
    UPDATE collections SET comments_count = comments_count + 1 WHERE id = NEW.collection_id;
  ELSIF TG_OP = 'DELETE' AND OLD.hidden_reason IS NULL THEN
    UPDATE collections SET comments_count = comments_count - 1 WHERE id = OLD.collection_id;
  ELSIF TG_OP = 'UPDATE' AND (OLD.hidden_reason IS NULL) <> (NEW.hidden_reason IS NULL) THEN
    UPDATE collections SET comments_count = comments_count + CASE WHEN NEW.hidden_reason IS NULL THEN 1 ELSE -1 END
    WHERE id = NEW.collection_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER collection_comments_count AFTER INSERT OR DELETE OR UPDATE OF hidden_reason ON comments
  FOR EACH ROW EXECUTE FUNCTION collection_comments_count();

-- Comments are capped per person per day like the other social actions.
ALTER TABLE social_actions DROP CONSTRAINT social_actions_kind_check;
ALTER TABLE social_actions ADD CONSTRAINT social_actions_kind_check
  CHECK (kind IN ('like', 'follow', 'save', 'invite', 'block', 'report', 'comment'));

-- New comments reach the owner and the collection's followers (coalesced per collection and
-- author like likes); a mention reaches the person mentioned, a reply the author of the comment.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN
  ('new_follower', 'like', 'save', 'collaborator_added', 'item_added', 'item_changed', 'content_hidden',
   'comment', 'mention', 'reply'));
