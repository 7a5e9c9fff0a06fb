REM A request on an existing matter: the matter number and the client's email must match the
REM table "matters"; the request becomes a ticket (table "tickets") for the matter's adviser, and
REM the client may wait for the team in the chat.
DESCRIPTION "A request on an existing matter"
TALK "What is the matter number (for example M-3107)?"
HEAR matter_id AS STRING
TALK "And the email address we have on file for it?"
HEAR address AS EMAIL
found = FIND "matters", "matter_id=" & UCASE(matter_id) & " AND client_email=" & address
IF COUNT(found) = 0 THEN
  TALK "I could not find that matter with that email address. Please check the number on our last letter, or call ${firm_phone}."
  RETURN "not_found"
END IF
matter = found[0]
TALK "What do you need on ${matter.title}?"
HEAR request
seq = NVL(GET BOT MEMORY("ticket_seq"), 7000) + 1
SET BOT MEMORY "ticket_seq", seq
ref = "T-" & seq
SAVE "tickets", {ref: ref, matter_id: matter.matter_id, adviser: matter.adviser, request: request, status: "open", opened_at: now}
TALK "Ticket ${ref} is open for ${matter.adviser}, who answers within one working day. Do you want to wait here for someone from the team?"
HEAR wait_here AS BOOLEAN
IF NOT wait_here THEN RETURN ref
r = TRANSFER TO HUMAN {department: client_queue, priority: "normal", reason: "ticket " & ref & " on " & matter.matter_id & " for " & matter.adviser}
IF r.success THEN RETURN "handed_over"
TALK "Nobody can answer here right now; ${matter.adviser} will reply to the ticket."
RETURN ref
