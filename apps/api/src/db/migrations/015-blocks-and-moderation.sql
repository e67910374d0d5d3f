-- Defence against people (issue 23): blocks and mutes between people, reports, and what
-- operators do about them. Who sees what because of these is decided in modules/access only.

-- A block hides each of the two people from the other, both ways (decision 041).
CREATE TABLE user_blocks (
  blocker_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_id, blocker_id);

-- A mute hides the muted person's activity from the muter only; the muted person is never told.
CREATE TABLE user_mutes (
  muter_id   text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  muted_id   text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (muter_id, muted_id),
  CHECK (muter_id <> muted_id)
);

-- Moderation: hidden content is seen by its owner only (marked, with the reason); a suspended
-- account cannot sign in and its public content is hidden. Both are reversible.
ALTER TABLE collections ADD COLUMN hidden_reason text;
ALTER TABLE collection_items ADD COLUMN hidden_reason text;
ALTER TABLE users ADD COLUMN suspended_at timestamptz;

CREATE TABLE reports (
  id           text PRIMARY KEY,
  reporter_id  text REFERENCES users(id) ON DELETE SET NULL,
  target_type  text NOT NULL CHECK (target_type IN ('collection', 'item', 'user', 'comment')),
  target_id    text NOT NULL,
  -- Whose content it is, kept so that an appeal and the queue still name them.
  target_owner_id text REFERENCES users(id) ON DELETE CASCADE,
  reason       text NOT NULL,
  details      text,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  action       text CHECK (action IN ('dismiss', 'hide', 'suspend')),
  resolution_note text,
  resolved_by  text REFERENCES users(id) ON DELETE SET NULL,
  resolved_at  timestamptz,
  -- An appeal reopens the report once, with the earlier decision kept beside it.
  appeal_text  text,
  appealed_at  timestamptz,
  earlier_action text,
  -- A suspended person cannot sign in: their appeal link carries this token (its hash here).
  appeal_token_hash text UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- One open report per person and target.
CREATE UNIQUE INDEX reports_one_open_idx ON reports (reporter_id, target_type, target_id) WHERE status = 'open';
CREATE INDEX reports_queue_idx ON reports (status, created_at);
CREATE INDEX reports_target_idx ON reports (target_type, target_id);

-- Every operator action, kept.
CREATE TABLE moderation_log (
  id          text PRIMARY KEY,
  operator_id text REFERENCES users(id) ON DELETE SET NULL,
  report_id   text REFERENCES reports(id) ON DELETE SET NULL,
  action      text NOT NULL,
  target_type text NOT NULL,
  target_id   text NOT NULL,
  note        text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_log_created_idx ON moderation_log (created_at DESC);

-- Terms refused in names and descriptions, managed by operators.
CREATE TABLE blocked_terms (
  term       text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Blocks, mutes and reports are capped per person per day like the other social actions.
ALTER TABLE social_actions DROP CONSTRAINT social_actions_kind_check;
ALTER TABLE social_actions ADD CONSTRAINT social_actions_kind_check
  CHECK (kind IN ('like', 'follow', 'save', 'invite', 'block', 'report'));

-- The owner of hidden content is told by a notice (the operator who hid it is never named).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN
  ('new_follower', 'like', 'save', 'collaborator_added', 'item_added', 'item_changed', 'content_hidden'));
