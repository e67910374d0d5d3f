-- "Seu ano no Acervo" shared (issue 28, decision 056): the owner's wish that a year's recap be
-- public. The figures are computed on every read, from public collections only, and only while
-- the owner shares their activity and is not suspended.
CREATE TABLE recap_shares (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  year smallint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, year)
);
