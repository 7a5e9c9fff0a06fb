REM A video meeting with an advisor (CREATE MEETING): the join link, kept on the session. A
REM server without a meeting service answers success FALSE; then the student may chat with an
REM advisor in the queue instead. Gives "handed_over" when the conversation went to the queue.
DESCRIPTION "Meeting with an advisor"
TALK "What would you like to discuss with an advisor?"
HEAR subject AS "Choosing a course", "Fees and scholarships", "Credit transfer", "Something else"
TALK "Your name, so the advisor knows who is joining?"
HEAR student AS NAME
m = CREATE MEETING {title: "Advising: " & subject & " (" & student & ")", type: "advising", expires_in: 3600, max_participants: 2, recording: FALSE, transcription: FALSE}
IF m.success THEN
  SET SESSION "meeting_room", m.room_id
  SET SESSION "meeting_url", m.join_url
  TALK "Your meeting room is ready: ${m.join_url} (the link works for one hour). An advisor joins you there."
  r = TRANSFER TO HUMAN {department: advising_queue, priority: "normal", reason: "video meeting " & m.room_id & ": " & subject}
  RETURN IIF(r.success, "handed_over", "meeting")
END IF
TALK "Video meetings are not available right now. Would you like to chat with an advisor here instead?"
HEAR chat AS BOOLEAN
IF NOT chat THEN RETURN "declined"
r = TRANSFER TO HUMAN {department: advising_queue, priority: "normal", reason: "advising chat (no video): " & subject}
IF r.success THEN RETURN "handed_over"
TALK "No advisor can answer here right now. Please try again in office hours."
RETURN "unavailable"
