-- Captcha and contact (issue 10). See docs/decisions/020-captcha-and-contact.md.

-- Captcha tokens already accepted, as SHA-256 of the ALTCHA challenge id or the reCAPTCHA token,
-- until the token would have expired anyway. The primary key makes "accept once" atomic across
-- API nodes: a replayed token fails its INSERT.
CREATE TABLE captcha_uses (
  token_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_uses_expires_at_idx ON captcha_uses (expires_at);

-- Contact messages are stored before anything is mailed, so an SMTP outage loses nothing; the
-- mail to CONTACT_EMAIL goes through the outbox in the same transaction. No IP is kept.
CREATE TABLE contact_messages (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  email      text NOT NULL,
  phone      text,
  message    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A mail may ask replies to go elsewhere than its sender (a contact message: to the visitor).
ALTER TABLE mail_outbox ADD COLUMN reply_to text;
