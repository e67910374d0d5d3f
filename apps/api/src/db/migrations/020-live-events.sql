-- The live bell (issue 26): every API process keeps the event streams of the people connected to
-- it, and hears over the database what they should be told, whichever process wrote it. Payloads
-- name rows, never their content; each process looks up what its own viewers may see.
--
-- `notification:<recipient id>`: a notice was written or brought back to the top, or read (the
-- badge changes either way). PostgreSQL folds identical notifications of one transaction into
-- one, so marking a hundred notices read is one message.
-- `activity:<activity id>`: something new for the timelines of the actor's and the collection's
-- followers; the listening process checks which of its viewers follow that source and may see it.
CREATE FUNCTION notification_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('acervo_user_event', 'notification:' || NEW.recipient_id);
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_live AFTER INSERT OR UPDATE ON notifications
  FOR EACH ROW EXECUTE FUNCTION notification_live_notify();

CREATE FUNCTION activity_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('acervo_user_event', 'activity:' || NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER activities_live AFTER INSERT ON activities
  FOR EACH ROW EXECUTE FUNCTION activity_live_notify();
