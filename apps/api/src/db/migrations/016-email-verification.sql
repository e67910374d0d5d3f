-- Verified e-mail (issue 23): see docs/decisions/039-email-verification-and-account-linking.md.

-- When the person proved they read mail at `email`; NULL while unverified. Accounts linked to
-- Google were vouched for by Google (its token said email_verified) when they were linked.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
UPDATE users SET email_verified_at = now() WHERE google_sub IS NOT NULL;

-- Single-use verification links, stored only as their SHA-256 (like password_reset_tokens); the
-- address is kept with the token, so a link mailed to an old address never verifies a new one.
-- A spent link keeps its row (used_at) until it is a day past expiry, so a second use can say
-- "already used" instead of "unknown".
CREATE TABLE email_verification_tokens (
  token_hash text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX email_verification_tokens_user_id_idx ON email_verification_tokens (user_id);

-- Page views are counted per route pattern from now on (/reset/*, /lists/:id): the raw paths
-- counted so far could hold reset and invite tokens and ids. Only rows whose path is a page with
-- no parameter are kept; they already are their own pattern.
DELETE FROM page_views WHERE path NOT IN (
  '/', '/register', '/login', '/recover', '/help', '/contact', '/privacy-policy', '/terms-use',
  '/onboarding', '/profile', '/profile/update', '/feed', '/search', '/lists/create', '/account',
  '/account/profile', '/account/security'
);
