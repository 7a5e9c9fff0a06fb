REM Education template: a college's admissions bot (templates/README.md). Answers course and
REM enrolment questions from the table "courses" (education.gbdata), takes applications, books a
REM video meeting with an advisor (CREATE MEETING) and hands over to admissions staff.
DESCRIPTION "Admissions: courses, enrolment, an advisor"

TALK "Hello! I am the ${school} admissions assistant."
DO
  TALK "What would you like to know?"
  HEAR choice AS "Course information", "Enrolment questions", "Meet an advisor", "Talk to admissions"
  SELECT CASE choice
    CASE "Course information"
      courses()
    CASE "Enrolment questions"
      enrolment()
    CASE "Meet an advisor"
      IF advisor() = "handed_over" THEN EXIT DO
    CASE "Talk to admissions"
      r = TRANSFER TO HUMAN {department: admissions_queue, reason: "asked for admissions from the menu"}
      IF r.success THEN EXIT DO
      TALK "Nobody from admissions can answer here right now. Please write again in office hours."
    CASE ELSE
      r = TRANSFER TO HUMAN {department: admissions_queue, reason: "menu not understood"}
      IF r.success THEN EXIT DO
  END SELECT
  TALK "Is there anything else I can help with?"
  HEAR more AS BOOLEAN
  IF NOT more THEN
    TALK "Good luck with your studies!"
    EXIT DO
  END IF
LOOP
