-- Issue 14: a creating write sent with an Idempotency-Key stores its answer here, in the same
-- transaction as the write, so a retry after a lost answer (a crash, a dropped connection) gets
-- the stored answer instead of writing again. See docs/decisions/024-database-outages-and-idempotency.md.
CREATE TABLE idempotency_keys (
  -- NULL for an anonymous request (the contact form); keys are per person otherwise.
  user_id     text REFERENCES users (id) ON DELETE CASCADE,
  key         uuid NOT NULL,
  -- sha256 of method, path and body: the same key with another request is refused.
  fingerprint text NOT NULL,
  -- NULL only inside the writing transaction, so never seen by another one.
  status      smallint,
  body        json,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX idempotency_keys_owner_key ON idempotency_keys ((coalesce(user_id, '')), key);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
