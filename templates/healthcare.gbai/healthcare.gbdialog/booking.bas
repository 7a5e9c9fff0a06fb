REM Books an appointment: the kind, a free slot of the table "slots" (seeded from
REM healthcare.gbdata/slots.csv; replace it with the clinic's calendar), the patient's name, date
REM of birth and mobile. The slot becomes "booked" and the booking is kept in "appointments".
DESCRIPTION "Books an appointment in a free slot"
TALK "Which kind of appointment do you need?"
HEAR kind AS "General practice", "Pediatrics", "Dermatology"
SELECT CASE kind
  CASE "General practice"
    specialty = "general"
  CASE "Pediatrics"
    specialty = "pediatrics"
  CASE "Dermatology"
    specialty = "dermatology"
  CASE ELSE
    TALK "I could not tell which kind of appointment you need."
    RETURN "none"
END SELECT
free = FIND "slots", "specialty=" & specialty & " AND status=free"
IF COUNT(free) = 0 THEN
  TALK "There are no free ${kind} appointments in the coming days. Please call ${clinic_phone} to join the waiting list."
  RETURN "none"
END IF
TALK "These times are free:"
shown = 0
FOR EACH slot IN free
  shown = shown + 1
  TALK shown & ". " & slot.day & " at " & slot.time & " with " & slot.doctor
  IF shown = 5 THEN EXIT FOR
NEXT
TALK "Which one suits you? Answer with its number."
HEAR pick AS INTEGER
IF ISNULL(pick) OR pick < 1 OR pick > shown THEN
  TALK "That is not one of the numbers above, so nothing was booked."
  RETURN "none"
END IF
slot = free[pick - 1]
TALK "What is the patient's full name?"
HEAR patient AS NAME
TALK "And the patient's date of birth?"
HEAR born AS DATE
mobile = phone
IF ISEMPTY(mobile) THEN
  TALK "Which mobile number should we send the reminder to?"
  HEAR mobile AS MOBILE
END IF
UPDATE "slots", "slot_id=" & slot.slot_id, {status: "booked"}
SAVE "appointments", {slot_id: slot.slot_id, day: slot.day, time: slot.time, doctor: slot.doctor, kind: kind, patient: patient, birth_date: born, phone: mobile, status: "booked", booked_at: now}
TALK "Booked: ${kind} with ${slot.doctor} on ${slot.day} at ${slot.time} for ${patient}. Please come 10 minutes early with an ID and your insurance card."
RETURN "booked"
