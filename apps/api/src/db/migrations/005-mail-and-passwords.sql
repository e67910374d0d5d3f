-- Mail and passwords (issue 9): the person's language, the outgoing-mail outbox and password
-- reset tokens. See docs/decisions/012-mail-outbox.md.

-- The language mails are written in; the web sets it at registration and when the flag changes.
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'pt' CHECK (locale IN ('pt', 'en'));

-- One row per mail to send, inserted in the transaction of the change that causes it, so a mail
-- exists exactly when its cause committed. The worker claims due rows with FOR UPDATE SKIP LOCKED
-- and pushes `next_attempt_at` forward before sending, so two API processes never send one row
-- twice. Bodies are rendered at enqueue time and dropped once delivered (a reset link is a
-- credential for an hour; the outbox is not an archive).
CREATE TABLE mail_outbox (
  id              text PRIMARY KEY,
  template        text NOT NULL,
  to_address      text NOT NULL,
  subject         text NOT NULL,
  body_text       text,
  body_html       text,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';

-- Single-use reset tokens, stored only as their SHA-256; a new request deletes the older ones.
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id);
