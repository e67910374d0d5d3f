-- Pictures of items and collection covers (issue 15, docs/decisions/015-pictures.md).
-- One row per uploaded picture; its files are `<id>-<width>.webp|.jpg` in the media storage.
-- Items and covers point at a row, and a saved copy points at the same row as its original: a
-- row (and its files) goes only when nothing points at it any more (releaseImages in
-- modules/media/image.service.ts), so deleting either side never breaks the other.
CREATE TABLE images (
  id           text PRIMARY KEY,
  -- The largest rendition's size; the others keep its aspect ratio.
  width        integer NOT NULL,
  height       integer NOT NULL,
  widths       integer[] NOT NULL,
  -- Average colour, `#rrggbb`, shown while the picture loads.
  placeholder  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE collection_items ADD COLUMN image_id text REFERENCES images(id) ON DELETE SET NULL;
ALTER TABLE collections ADD COLUMN cover_image_id text REFERENCES images(id) ON DELETE SET NULL;
-- "Is this picture still used, and by a public collection?": release and the /media check.
CREATE INDEX collection_items_image_idx ON collection_items (image_id) WHERE image_id IS NOT NULL;
CREATE INDEX collections_cover_image_idx ON collections (cover_image_id) WHERE cover_image_id IS NOT NULL;
