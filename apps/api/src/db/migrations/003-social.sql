-- The social core (issue 8): collaborators with a role, invite links, saved copies, people's
-- follower counters, item order reads, and the log behind the daily caps.

-- Collaborators. The owner is not a row here: ownership stays collections.user_id.
CREATE TABLE collection_collaborators (
  collection_id  text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- editor: adds, edits, deletes and reorders items; viewer: may read a private collection.
  role           text NOT NULL CHECK (role IN ('editor', 'viewer')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection_id, user_id)
);
-- A profile's listing shows a viewer the private collections they collaborate on.
CREATE INDEX collection_collaborators_user_idx ON collection_collaborators (user_id, collection_id);

-- Invite links: like access tokens, only the SHA-256 of the token is stored.
CREATE TABLE collection_invite_links (
  token_hash     text PRIMARY KEY,
  collection_id  text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  role           text NOT NULL CHECK (role IN ('editor', 'viewer')),
  created_by     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  revoked_at     timestamptz
);
CREATE INDEX collection_invite_links_open_idx
  ON collection_invite_links (collection_id) WHERE revoked_at IS NULL;

-- A saved copy remembers its original until the original is deleted.
ALTER TABLE collections ADD COLUMN saved_from_id text REFERENCES collections(id) ON DELETE SET NULL;
-- Without it, deleting a collection would scan every collection to clear the references.
CREATE INDEX collections_saved_from_idx ON collections (saved_from_id) WHERE saved_from_id IS NOT NULL;

-- People's counters, kept by a trigger like the collections' ones: profiles and the popular
-- people strip read and sort them without counting rows.
ALTER TABLE users
  ADD COLUMN followers_count integer NOT NULL DEFAULT 0,
  ADD COLUMN following_count integer NOT NULL DEFAULT 0;
UPDATE users u SET
  followers_count = (SELECT count(*) FROM user_followers f WHERE f.followed_id = u.id),
  following_count = (SELECT count(*) FROM user_followers f WHERE f.follower_id = u.id);
CREATE INDEX users_popular_idx ON users (followers_count DESC, id);

CREATE FUNCTION user_followers_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  followed text;
  follower text;
  delta integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    followed := NEW.followed_id; follower := NEW.follower_id; delta := 1;
  ELSE
    followed := OLD.followed_id; follower := OLD.follower_id; delta := -1;
  END IF;
  -- Lock both rows in id order first: "A follows B" and "B follows A" at the same moment would
  -- otherwise lock them in opposite orders and deadlock.
  PERFORM 1 FROM users WHERE id IN (followed, follower) ORDER BY id FOR NO KEY UPDATE;
  UPDATE users SET followers_count = followers_count + delta WHERE id = followed;
  UPDATE users SET following_count = following_count + delta WHERE id = follower;
  RETURN NULL;
END $$;
CREATE TRIGGER user_followers_count AFTER INSERT OR DELETE ON user_followers
  FOR EACH ROW EXECUTE FUNCTION user_followers_count();

-- Followers and following pages: newest follow first.
CREATE INDEX user_followers_followed_newest_idx
  ON user_followers (followed_id, created_at DESC, follower_id DESC);
CREATE INDEX user_followers_follower_newest_idx
  ON user_followers (follower_id, created_at DESC, followed_id DESC);
DROP INDEX user_followers_follower_idx;

-- Every like, follow, save and invite that did something, for the per-person daily caps.
-- Unliking does not give the like back: the log counts actions, not current state.
CREATE TABLE social_actions (
  user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('like', 'follow', 'save', 'invite')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX social_actions_user_kind_idx ON social_actions (user_id, kind, created_at);
