-- The events job's first round trip (docs/performance.md, "Handoff round trips"): the session's
-- events lock, then its pending events, in one call. The lock is the locks driver's own
-- session-level advisory lock on the same key (infra/locks/postgres-locks.ts hashes it the same
-- way and releases it); the read comes after it, and a volatile function's statement sees what
-- the previous holder committed before letting go.
CREATE OR REPLACE FUNCTION engine_events_pending_locked(p_lock_key text, p_session uuid)
RETURNS TABLE (id uuid, session_id uuid, name text, payload jsonb, attempts integer)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_lock(hashtextextended(p_lock_key, 0));
  RETURN QUERY
    SELECT e.id, e.session_id, e.name, e.payload, e.attempts FROM engine_events e
    WHERE e.session_id = p_session AND e.state = 'pending'
    ORDER BY e.seq;
END
$$;
