-- A comment is something "Seguindo" shows too (issue 26): `comment_added`, naming the comment.
-- Its deletion takes the activity with it; whether a reader may see it (hidden by an operator, an
-- author suspended or blocked) is decided on read, by the access module, as for every activity.
ALTER TABLE activities ADD COLUMN comment_id text REFERENCES comments(id) ON DELETE CASCADE;

ALTER TABLE activities DROP CONSTRAINT activities_kind_check;
ALTER TABLE activities ADD CONSTRAINT activities_kind_check CHECK (kind IN
  ('collection_created', 'item_added', 'item_rated', 'collection_saved', 'collection_liked', 'comment_added'));
ALTER TABLE activities ADD CONSTRAINT activities_comment_check
  CHECK ((comment_id IS NOT NULL) = (kind = 'comment_added'));

-- ON DELETE CASCADE from comments looks rows up by comment.
CREATE INDEX activities_comment_idx ON activities (comment_id) WHERE comment_id IS NOT NULL;
