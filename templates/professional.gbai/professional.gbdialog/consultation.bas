REM Books a consultation in a free slot of the table "consultations" (professional.gbdata; replace
REM it with the firm's calendar): the area (asked when not given), the slot, and the client's email.
DESCRIPTION "Books a consultation"
PARAM area AS STRING LIKE "tax" DESCRIPTION "tax, corporate or employment; empty to ask"
IF ISEMPTY(area) THEN
  TALK "Which area is the consultation about?"
  HEAR picked AS "Tax", "Corporate", "Employment"
  IF ISNULL(picked) THEN RETURN "none"
  area = LCASE(picked)
END IF
free = FIND "consultations", "area=" & area & " AND status=free"
IF COUNT(free) = 0 THEN
  TALK "There are no free ${area} consultations this week. Please call ${firm_phone} and we will find a time."
  RETURN "none"
END IF
TALK "These times are free (first consultation, 45 minutes):"
shown = 0
FOR EACH slot IN free
  shown = shown + 1
  TALK shown & ". " & slot.day & " at " & slot.time & " with " & slot.adviser
NEXT
TALK "Which one? Answer with its number."
HEAR pick AS INTEGER
IF ISNULL(pick) OR pick < 1 OR pick > shown THEN
  TALK "That is not one of the numbers above, so nothing was booked."
  RETURN "none"
END IF
slot = free[pick - 1]
TALK "The email address for the calendar invitation?"
HEAR address AS EMAIL
UPDATE "consultations", "slot_id=" & slot.slot_id, {status: "booked", email: address}
TALK "Booked with ${slot.adviser} on ${slot.day} at ${slot.time}. The invitation goes to ${address}."
RETURN "booked"
