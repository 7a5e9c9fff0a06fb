REM Healthcare template: a clinic's front desk (templates/README.md). Books appointments in the
REM clinic's free slots (table "slots"), asks triage questions and hands urgent cases, or anyone
REM who asks, to a nurse in the attendance queue.
DESCRIPTION "Clinic front desk: appointments, symptom triage, a nurse"

TALK "Welcome to ${clinic}. I can book appointments and ask a few questions about your symptoms. I do not give medical advice."
TALK "In an emergency, call ${emergency_number} now."
DO
  TALK "What would you like to do?"
  HEAR choice AS "Book an appointment", "My appointments", "Check my symptoms", "Talk to a nurse"
  SELECT CASE choice
    CASE "Book an appointment"
      booking()
    CASE "My appointments"
      appointments()
    CASE "Check my symptoms"
      IF triage() = "nurse" THEN EXIT DO
    CASE "Talk to a nurse"
      IF nurse("normal", "asked for a nurse from the menu") = "nurse" THEN EXIT DO
    CASE ELSE
      ' Three answers that matched no option: a person reads better than a fourth menu.
      IF nurse("normal", "menu not understood") = "nurse" THEN EXIT DO
  END SELECT
  TALK "Can I help with anything else?"
  HEAR more AS BOOLEAN
  IF NOT more THEN
    TALK "Thank you for contacting ${clinic}. Take care."
    EXIT DO
  END IF
LOOP
