-- Recommendations (issue 11): privacy switches, "não tenho interesse", precomputed neighbours.

-- personalize = false: popularity only. share_activity = false: this person's likes, follows,
-- saves, collaborations and ratings are never used for anyone else's suggestions (LGPD).
ALTER TABLE users
  ADD COLUMN personalize boolean NOT NULL DEFAULT true,
  ADD COLUMN share_activity boolean NOT NULL DEFAULT true;

-- "Não tenho interesse": hidden for good, and their neighbours count against similar ones.
CREATE TABLE dismissed_collections (
  user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  collection_id  text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, collection_id)
);
CREATE INDEX dismissed_collections_collection_idx ON dismissed_collections (collection_id);

CREATE TABLE dismissed_people (
  user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  person_id   text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, person_id),
  CHECK (user_id <> person_id)
);
CREATE INDEX dismissed_people_person_idx ON dismissed_people (person_id);

-- Item-to-item neighbours, rebuilt by the precompute job (recommendation.job.ts): 'cf' from
-- co-likes / co-follows / co-saves / co-collaborations (cosine), 'content' from shared words
-- (tf-idf cosine). No foreign keys on purpose: the table is rebuilt wholesale, reads join
-- `collections` anyway, and a deleted collection's rows go at the next rebuild.
CREATE TABLE collection_neighbors (
  collection_id  text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('cf', 'content')),
  neighbor_id    text NOT NULL,
  score          real NOT NULL,
  PRIMARY KEY (collection_id, kind, neighbor_id)
);

-- What the last rebuild saw, so that a run with nothing new does nothing.
CREATE TABLE recommendation_state (
  id            boolean PRIMARY KEY DEFAULT true CHECK (id),
  signature     text NOT NULL,
  refreshed_at  timestamptz NOT NULL DEFAULT now()
);

-- Ratings meet by item name: "vocês deram 4,5 para Central do Brasil" and "tem X, que você
-- avaliou com 5" look items up by lower(name).
CREATE INDEX collection_items_name_key_idx ON collection_items (lower(name));
