-- Every API process keeps a short-lived cache of sessions (issue 14, decision 023). Whatever ends
-- a session (sign-out, "sair de todos os dispositivos", a password change or reset, an account
-- deleted with its sessions by ON DELETE CASCADE) tells every process at commit, so none keeps
-- serving it. The payload is the token's SHA-256, the cache's key; never the token.
CREATE FUNCTION session_ended_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('acervo_session_ended', OLD.token_hash);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION session_ended_notify();
