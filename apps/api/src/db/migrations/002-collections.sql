-- Collections, their items, and the social tables whose counts they show.
-- The social tables (followers, likes) are created now and stay empty until the social issue,
-- so the counters shown are real zeros kept by triggers, never constants in code.

CREATE TABLE collections (
  id               text PRIMARY KEY,
  user_id          text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  category_id      text NOT NULL REFERENCES categories(id),
  name             text NOT NULL,
  description      text NOT NULL DEFAULT '',
  private          boolean NOT NULL DEFAULT false,
  location         text NOT NULL DEFAULT 'Brasil',
  -- Denormalised counters, maintained by the triggers below: listings sort and show them
  -- without counting rows per card.
  followers_count  integer NOT NULL DEFAULT 0,
  likes_count      integer NOT NULL DEFAULT 0,
  popularity       integer GENERATED ALWAYS AS (followers_count + likes_count) STORED,
  created_at       timestamptz NOT NULL DEFAULT now(),
  -- Shown as last_updated; bumped by any change to the collection or its items.
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Hot reads: a category's public feed (newest / most popular first), the popular strip, a profile.
CREATE INDEX collections_category_newest_idx
  ON collections (category_id, updated_at DESC, id DESC) WHERE NOT private;
CREATE INDEX collections_category_popular_idx
  ON collections (category_id, popularity DESC, updated_at DESC, id DESC) WHERE NOT private;
CREATE INDEX collections_by_followers_idx
  ON collections (followers_count DESC, likes_count DESC, updated_at DESC, id DESC) WHERE NOT private;
CREATE INDEX collections_user_idx ON collections (user_id, updated_at DESC, id DESC);

CREATE TABLE collection_items (
  id             text PRIMARY KEY,
  collection_id  text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  name           text NOT NULL,
  description    text NOT NULL DEFAULT '',
  -- 0.5 to 5 in half steps, or no rating.
  rating         numeric(2,1) CHECK (rating IS NULL OR (rating BETWEEN 0.5 AND 5 AND rating * 2 = trunc(rating * 2))),
  position       integer NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collection_items_collection_idx ON collection_items (collection_id, position, id);

-- Seams for the social issue: who follows / likes which collection, who follows whom.
CREATE TABLE collection_followers (
  collection_id  text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection_id, user_id)
);
CREATE INDEX collection_followers_user_idx ON collection_followers (user_id);

CREATE TABLE collection_likes (
  collection_id  text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection_id, user_id)
);
CREATE INDEX collection_likes_user_idx ON collection_likes (user_id);

CREATE TABLE user_followers (
  followed_id  text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  follower_id  text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (followed_id, follower_id),
  CHECK (followed_id <> follower_id)
);
CREATE INDEX user_followers_follower_idx ON user_followers (follower_id);

CREATE FUNCTION collection_followers_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE collections SET followers_count = followers_count + 1 WHERE id = NEW.collection_id;
  ELSE
    UPDATE collections SET followers_count = followers_count - 1 WHERE id = OLD.collection_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER collection_followers_count AFTER INSERT OR DELETE ON collection_followers
  FOR EACH ROW EXECUTE FUNCTION collection_followers_count();

CREATE FUNCTION collection_likes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE collections SET likes_count = likes_count + 1 WHERE id = NEW.collection_id;
  ELSE
    UPDATE collections SET likes_count = likes_count - 1 WHERE id = OLD.collection_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER collection_likes_count AFTER INSERT OR DELETE ON collection_likes
  FOR EACH ROW EXECUTE FUNCTION collection_likes_count();
