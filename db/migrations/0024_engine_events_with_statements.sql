-- The events job's one round trip (docs/performance.md, "Handoff round trips"): the session's
-- events lock, its pending events, then each subscriber's statement, in one call. A subscriber's
-- statement is SQL with one jsonb parameter ($1) that answers one jsonb value; it runs after the
-- lock and the read, so it sees what the lock's previous holder committed, and may write (its
-- writes commit with the call). `engine_events_pending_with` is the same without the lock, for
-- the in-process locks driver. The lock is the locks driver's own session-level advisory lock
-- (infra/locks/postgres-locks.ts releases it).
CREATE OR REPLACE FUNCTION engine_events_pending_with(p_session uuid, p_statements jsonb)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_events jsonb;
  v_prepared jsonb := '[]'::jsonb;
  v_statement jsonb;
  v_answer jsonb;
BEGIN
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'id', e.id, 'session_id', e.session_id, 'name', e.name, 'payload', e.payload, 'attempts', e.attempts) ORDER BY e.seq), '[]'::jsonb)
    INTO v_events
    FROM engine_events e WHERE e.session_id = p_session AND e.state = 'pending';
  FOR v_statement IN SELECT s FROM jsonb_array_elements(coalesce(p_statements, '[]'::jsonb)) AS s LOOP
    EXECUTE v_statement->>'text' INTO v_answer USING v_statement->'param';
    v_prepared := v_prepared || jsonb_build_array(v_answer);
  END LOOP;
  RETURN jsonb_build_object('events', v_events, 'prepared', v_prepared);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_events_pending_locked_with(p_lock_key text, p_session uuid, p_statements jsonb)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_lock(hashtextextended(p_lock_key, 0));
  RETURN engine_events_pending_with(p_session, p_statements);
END
$$;
