REM Lists the patient's booked appointments (by mobile number) and cancels one on request, which
REM frees its slot for others.
DESCRIPTION "Lists and cancels the patient's appointments"
mobile = phone
IF ISEMPTY(mobile) THEN
  TALK "Which mobile number did you book with?"
  HEAR mobile AS MOBILE
END IF
booked = FIND "appointments", "phone=" & mobile & " AND status=booked"
IF COUNT(booked) = 0 THEN
  TALK "I found no upcoming appointments for ${mobile}."
  RETURN "none"
END IF
shown = 0
FOR EACH visit IN booked
  shown = shown + 1
  TALK shown & ". " & visit.kind & " with " & visit.doctor & " on " & visit.day & " at " & visit.time & " (" & visit.patient & ")"
NEXT
TALK "Do you want to cancel one of them?"
HEAR cancel AS BOOLEAN
IF NOT cancel THEN RETURN "listed"
TALK "Which one? Answer with its number."
HEAR pick AS INTEGER
IF ISNULL(pick) OR pick < 1 OR pick > shown THEN
  TALK "That is not one of the numbers above, so nothing was cancelled."
  RETURN "listed"
END IF
visit = booked[pick - 1]
UPDATE "appointments", "slot_id=" & visit.slot_id & " AND status=booked", {status: "cancelled"}
UPDATE "slots", "slot_id=" & visit.slot_id, {status: "free"}
TALK "Cancelled: ${visit.kind} on ${visit.day} at ${visit.time}. The time is free for others now."
RETURN "cancelled"
