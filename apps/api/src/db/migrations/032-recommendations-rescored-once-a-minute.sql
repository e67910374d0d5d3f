-- A viewer's own likes, follows, saved copies, collaborations, people followed and rated items no
-- longer drop their cached candidates (migration 017): they stamp `signals_at`, and the candidates
-- are scored again on the first read once they are a minute old (decision 081). What the viewer
-- acted on leaves their strip at once: the read leaves out what they like, follow, collaborate on,
-- saved or dismissed. Dismissals, mutes, personalisation and what others share still drop the row
-- (migrations 017 and 030), and so does the job's recomputing of a viewer's seeds.
ALTER TABLE recommendation_cache ADD COLUMN signals_at timestamptz;

CREATE FUNCTION recommendation_signals_of(people text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE recommendation_cache SET signals_at = now() WHERE user_id = ANY(people)
$$;

CREATE OR REPLACE FUNCTION recommendation_signal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO recommendation_dirty (collection_id)
      SELECT DISTINCT collection_id FROM changed_old ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    PERFORM recommendation_signals_of(ARRAY(SELECT DISTINCT user_id FROM changed_old));
  ELSE
    INSERT INTO recommendation_dirty (collection_id)
      SELECT DISTINCT collection_id FROM changed_new ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    PERFORM recommendation_signals_of(ARRAY(SELECT DISTINCT user_id FROM changed_new));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION recommendation_collection_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO recommendation_dirty (collection_id)
      SELECT id FROM changed_new UNION SELECT saved_from_id FROM changed_new WHERE saved_from_id IS NOT NULL
      ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    PERFORM recommendation_signals_of(ARRAY(SELECT DISTINCT user_id FROM changed_new WHERE saved_from_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO recommendation_dirty (collection_id)
      SELECT id FROM changed_old UNION SELECT saved_from_id FROM changed_old WHERE saved_from_id IS NOT NULL
      ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    PERFORM recommendation_signals_of(ARRAY(SELECT DISTINCT user_id FROM changed_old WHERE saved_from_id IS NOT NULL));
  ELSE
    INSERT INTO recommendation_dirty (collection_id)
      SELECT n.id FROM changed_new n JOIN changed_old o ON o.id = n.id
      WHERE n.name IS DISTINCT FROM o.name OR n.description IS DISTINCT FROM o.description
         OR n.private IS DISTINCT FROM o.private OR n.hidden_reason IS DISTINCT FROM o.hidden_reason
         OR n.user_id IS DISTINCT FROM o.user_id OR n.saved_from_id IS DISTINCT FROM o.saved_from_id
      ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION recommendation_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO recommendation_dirty (collection_id)
      SELECT DISTINCT collection_id FROM changed_new ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    PERFORM recommendation_signals_of(ARRAY(
      SELECT c.user_id FROM collections c WHERE c.id IN (SELECT collection_id FROM changed_new WHERE rating IS NOT NULL)));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO recommendation_dirty (collection_id)
      SELECT DISTINCT collection_id FROM changed_old ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    PERFORM recommendation_signals_of(ARRAY(
      SELECT c.user_id FROM collections c WHERE c.id IN (SELECT collection_id FROM changed_old WHERE rating IS NOT NULL)));
  ELSE
    INSERT INTO recommendation_dirty (collection_id)
      SELECT DISTINCT n.collection_id FROM changed_new n JOIN changed_old o ON o.id = n.id
      WHERE n.name IS DISTINCT FROM o.name OR n.description IS DISTINCT FROM o.description
         OR n.hidden_reason IS DISTINCT FROM o.hidden_reason OR n.collection_id IS DISTINCT FROM o.collection_id
      ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at;
    PERFORM recommendation_signals_of(ARRAY(
      SELECT c.user_id FROM changed_new n JOIN changed_old o ON o.id = n.id JOIN collections c ON c.id = n.collection_id
      WHERE n.rating IS DISTINCT FROM o.rating OR n.name IS DISTINCT FROM o.name OR n.year IS DISTINCT FROM o.year));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION recommendation_follow_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM recommendation_signals_of(ARRAY(SELECT DISTINCT follower_id FROM changed_old));
  ELSE
    PERFORM recommendation_signals_of(ARRAY(SELECT DISTINCT follower_id FROM changed_new));
  END IF;
  RETURN NULL;
END $$;
