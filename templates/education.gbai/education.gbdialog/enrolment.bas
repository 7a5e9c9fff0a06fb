REM Enrolment questions: deadlines, documents, fees, and an application kept in the table
REM "applications" with a reference.
DESCRIPTION "Enrolment questions and applications"
TALK "What about enrolment?"
HEAR topic AS "Deadlines", "Documents", "Fees and financial aid", "Apply now"
SELECT CASE topic
  CASE "Deadlines"
    TALK "Applications for the term starting ${term_start} close on ${apply_deadline}. Short courses take applications until a week before they start."
  CASE "Documents"
    TALK "You need an ID, your school or university transcripts, and for postgraduate courses a short statement of purpose. Upload them after applying."
  CASE "Fees and financial aid"
    TALK "Fees are per course and shown in its details. Scholarships and payment plans are discussed with an advisor: choose Meet an advisor."
  CASE "Apply now"
    TALK "Which course code do you want to apply for?"
    HEAR code AS STRING
    found = FIND "courses", "code=" & UCASE(code)
    IF COUNT(found) = 0 THEN
      TALK "I do not know the course ${code}, so no application was made."
      RETURN NULL
    END IF
    course = found[0]
    TALK "Your full name?"
    HEAR student AS NAME
    TALK "Your email address, for the confirmation?"
    HEAR address AS EMAIL
    seq = NVL(GET BOT MEMORY("application_seq"), 2000) + 1
    SET BOT MEMORY "application_seq", seq
    ref = "ED-" & seq
    status = IIF(course.seats > 0, "received", "waiting_list")
    SAVE "applications", {ref: ref, code: course.code, student: student, email: address, status: status, received_at: now}
    IF status = "received" THEN
      TALK "Thank you, ${student}. Application ${ref} for ${course.name} is received; admissions writes to ${address} within 5 working days."
    ELSE
      TALK "Thank you, ${student}. ${course.name} is full, so application ${ref} is on the waiting list; admissions writes to ${address} when a seat frees up."
    END IF
  CASE ELSE
    TALK "I did not understand. Choose Talk to admissions to ask a person."
END SELECT
RETURN topic
