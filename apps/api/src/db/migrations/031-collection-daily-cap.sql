-- New collections are capped per person per day like the other social actions: each one shows on
-- category pages and in followers' timelines (SOCIAL_DAILY_COLLECTIONS).
ALTER TABLE social_actions DROP CONSTRAINT social_actions_kind_check;
ALTER TABLE social_actions ADD CONSTRAINT social_actions_kind_check
  CHECK (kind IN ('like', 'follow', 'save', 'invite', 'block', 'report', 'comment', 'collection'));
