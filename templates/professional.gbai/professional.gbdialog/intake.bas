REM New client intake: contact details, the area and a summary, kept in the table "intake" with a
REM reference. A deadline within 14 days goes to the client team at once with high priority;
REM otherwise the client may book a consultation in that area. The firm runs its conflict check
REM on the intake before taking the matter; the bot promises nothing about the case.
DESCRIPTION "New client intake"
TALK "Your full name?"
HEAR client AS NAME
TALK "Your email address?"
HEAR address AS EMAIL
TALK "A mobile number we can call you on?"
HEAR mobile AS MOBILE
TALK "Which area is it about?"
HEAR area AS "Tax", "Corporate", "Employment", "Other"
TALK "In a few sentences, what happened and what do you need? Please leave out passwords and account numbers."
HEAR summary
TALK "Is there a deadline within the next 14 days (a court date, a filing, a notice period)?"
HEAR urgent AS BOOLEAN
seq = NVL(GET BOT MEMORY("intake_seq"), 500) + 1
SET BOT MEMORY "intake_seq", seq
ref = "PS-" & seq
SAVE "intake", {ref: ref, client: client, email: address, phone: mobile, area: area, summary: summary, urgent: urgent, status: "conflict_check", received_at: now}
TALK "Thank you, ${client}. Your enquiry is registered as ${ref}. We check for conflicts of interest before we can advise you."
IF urgent THEN
  r = TRANSFER TO HUMAN {department: client_queue, priority: "high", reason: "intake " & ref & " (" & area & ") with a deadline within 14 days"}
  IF r.success THEN RETURN "handed_over"
  TALK "Because of the deadline, please also call us on ${firm_phone}."
  RETURN ref
END IF
IF area = "Other" THEN RETURN ref
TALK "Would you like to book a first consultation now?"
HEAR book_now AS BOOLEAN
IF book_now THEN consultation(LCASE(area))
RETURN ref
