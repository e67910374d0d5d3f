-- A shared "taste in common" (issue 26): one person shares how their taste matches another's. The
-- link's page and picture are public, drawn only from both people's public collections, and only
-- while both share their activity, neither is suspended and no block stands between them (all
-- checked on every read: a row here is only the owner's wish to share).
CREATE TABLE taste_shares (
  id text PRIMARY KEY,
  owner_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  other_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (owner_id, other_id),
  CHECK (owner_id <> other_id)
);
-- ON DELETE CASCADE from users looks rows up by the other person too.
CREATE INDEX taste_shares_other_idx ON taste_shares (other_id);
