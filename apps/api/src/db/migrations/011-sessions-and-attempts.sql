-- Sessions a person can see and end one by one, with an idle timeout next to their lifetime, and
-- sign-in attempts counted in the database (shared by every API node, reserved atomically).

ALTER TABLE sessions ADD COLUMN id text;
UPDATE sessions SET id = replace(gen_random_uuid()::text, '-', '') WHERE id IS NULL;
ALTER TABLE sessions ALTER COLUMN id SET NOT NULL;
CREATE UNIQUE INDEX sessions_id_idx ON sessions (id);
-- When the token was last used (refreshed at most hourly); idle sessions stop working.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
-- What the person signed in with, shortened, so they can tell their devices apart.
ALTER TABLE sessions ADD COLUMN user_agent text;

-- One row per key and fixed window: `login:<email>`, `login:<email>:<ip>`, `registration:<email>`.
CREATE TABLE auth_attempts (
  key          text NOT NULL,
  window_start timestamptz NOT NULL,
  count        integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX auth_attempts_window_idx ON auth_attempts (window_start);
