REM Hands the conversation to the nurses' queue; "nurse" when it is queued. The engine tells the
REM patient to wait; when no one can take it (attendance off), the patient gets the phone number.
DESCRIPTION "Hands the conversation to a nurse"
PARAM priority AS STRING LIKE "high" DESCRIPTION "low, normal, high or urgent"
PARAM reason AS STRING LIKE "triage: fever for 4 days" DESCRIPTION "What the nurse sees first"
r = TRANSFER TO HUMAN {department: nurse_queue, priority: priority, reason: reason}
IF r.success THEN RETURN "nurse"
TALK "No nurse can answer here right now. Please call us on ${clinic_phone}, or ${emergency_number} in an emergency."
RETURN "unavailable"
