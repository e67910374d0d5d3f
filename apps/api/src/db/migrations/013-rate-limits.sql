-- Request counts of the per-IP and per-person rate limits on PostgreSQL, shared by every API node
-- (decision 025). The columns, in this order, are what rate-limiter-flexible's PostgreSQL limiter
-- reads and writes: `key` is `<route or limiter>:<ip or person>`, `expire` milliseconds since the
-- epoch. UNLOGGED: a count needs no crash safety (after a crash the windows start again), and a
-- rate-limited request should not cost a WAL write. The embedded database has the table but counts
-- in memory (one process).
CREATE UNLOGGED TABLE rate_limits (
  key    text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
