-- Google sign-in (issue 10): an account is keyed by Google's stable subject id, never by the
-- e-mail (which a Google account can change). NULL for accounts that never used Google;
-- password_hash is already nullable, so a Google-only account simply has none.
ALTER TABLE users ADD COLUMN google_sub text UNIQUE;

-- Page views counted by the API itself when Google Analytics is not configured (issue 10):
-- one counter per path per day, so nothing about the visitor (IP, account, referrer) is ever
-- stored, not even for a moment.
CREATE TABLE page_views (
  day   date NOT NULL,
  path  text NOT NULL,
  views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, path)
);
