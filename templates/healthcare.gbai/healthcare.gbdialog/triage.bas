REM Triage questions: emergency signs first (an urgent handoff with the emergency number), then
REM symptom, duration, fever and pain. Pain of 7 or more, or fever for 3 days or more, goes to a
REM nurse with high priority; otherwise the patient is offered an appointment. The answers are
REM kept in the table "triage" for the nurse. Gives "nurse" when the conversation was handed over.
DESCRIPTION "Symptom triage"
TALK "Do you have any of these right now: chest pain, trouble breathing, fainting, severe bleeding, or sudden weakness on one side of the body?"
HEAR danger AS BOOLEAN
IF danger THEN
  TALK "Please call ${emergency_number} now or go to the nearest emergency department. I am alerting a nurse as well."
  RETURN nurse("urgent", "triage: emergency signs reported")
END IF
TALK "What is the main symptom?"
HEAR symptom
TALK "For how many days have you had it?"
HEAR days AS INTEGER
TALK "Do you have a fever of 38 °C (100.4 °F) or more?"
HEAR fever AS BOOLEAN
TALK "How strong is the pain or discomfort, from 0 (none) to 10 (the worst)?"
HEAR pain AS INTEGER
days = NVL(days, 0)
pain = NVL(pain, 0)
SAVE "triage", {phone: phone, symptom: symptom, days: days, fever: fever, pain: pain, at: now}
summary = "triage: " & symptom & ", " & days & " days, fever " & IIF(fever, "yes", "no") & ", pain " & pain & "/10"
IF pain >= 7 OR (fever AND days >= 3) THEN
  TALK "Thank you. A nurse should look at this today."
  RETURN nurse("high", summary)
END IF
TALK "Thank you. From your answers this does not look urgent, and an appointment is a good next step. If it gets worse, write to us again or call ${clinic_phone}."
TALK "Shall I book an appointment now?"
HEAR book_now AS BOOLEAN
IF book_now THEN booking()
RETURN "done"
