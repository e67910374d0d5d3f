-- A digest by mail (issue 26): see docs/decisions/048-digest-by-mail.md.

-- The person's choice (off by default). `digest_since`: where the next digest's window starts (set
-- when the digest is turned on, moved to the send instant by each digest sent). `digest_checked_at`:
-- when the job last looked at the person, whether or not it had something to say; the person is
-- due again a day (daily) or a week (weekly) after it.
ALTER TABLE users
  ADD COLUMN digest text NOT NULL DEFAULT 'off' CHECK (digest IN ('off', 'daily', 'weekly')),
  ADD COLUMN digest_since timestamptz,
  ADD COLUMN digest_checked_at timestamptz;

-- The job's scan: only people who turned the digest on, oldest look first.
CREATE INDEX users_digest_due_idx ON users (digest_checked_at) WHERE digest <> 'off';

-- Extra headers of a queued mail (List-Unsubscribe and List-Unsubscribe-Post for the digest),
-- dropped with the bodies once delivered: they may hold a token.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb;

-- Secrets the API signs with, made once by whichever node needs one first and shared by every
-- node through the database (the digest's unsubscribe links must verify on any node).
CREATE TABLE signing_keys (
  purpose    text PRIMARY KEY,
  secret     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
