-- The atomic claim of assignment as one statement (docs/performance.md, "Handoff round trips"):
-- the attendant's transaction lock first, then their held count, read after the lock (each
-- statement of a volatile function sees what committed before it), then the update, only below
-- capacity and only while the row is as the caller read it. Returns the claimed row, or nothing.
CREATE OR REPLACE FUNCTION attendance_claim(
  p_session uuid, p_status text, p_holder uuid, p_match_holder boolean, p_next text,
  p_attendant uuid, p_max integer, p_queue uuid, p_set_queue boolean
) RETURNS SETOF attendance_conversations LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('attendant:' || p_attendant::text, 0));
  IF (SELECT count(*) FROM attendance_conversations
      WHERE assigned_to = p_attendant AND status IN ('assigned', 'active', 'pending')) >= p_max THEN
    RETURN;
  END IF;
  RETURN QUERY
    UPDATE attendance_conversations
    SET assigned_to = p_attendant, status = p_next,
        queue_id = CASE WHEN p_set_queue THEN p_queue ELSE queue_id END, updated_at = now()
    WHERE session_id = p_session AND status = p_status
      AND (NOT p_match_holder OR assigned_to IS NOT DISTINCT FROM p_holder)
    RETURNING *;
END
$$;
