REM Professional services template: a law and accounting firm's front desk (templates/README.md).
REM Takes new client intakes, opens tickets on existing matters (table "matters"), books
REM consultations in free slots (table "consultations") and hands over to the client team.
DESCRIPTION "Firm front desk: intake, matters, consultations"

TALK "Welcome to ${firm}. I can register a new enquiry, pass a request on an existing matter to your adviser, or book a consultation."
DO
  TALK "What do you need?"
  HEAR choice AS "New client enquiry", "An existing matter", "Book a consultation", "Talk to our team"
  SELECT CASE choice
    CASE "New client enquiry"
      IF intake() = "handed_over" THEN EXIT DO
    CASE "An existing matter"
      IF matter_request() = "handed_over" THEN EXIT DO
    CASE "Book a consultation"
      consultation("")
    CASE "Talk to our team"
      r = TRANSFER TO HUMAN {department: client_queue, reason: "asked for the team from the menu"}
      IF r.success THEN EXIT DO
      TALK "Nobody can answer here right now. Please call ${firm_phone}."
    CASE ELSE
      r = TRANSFER TO HUMAN {department: client_queue, reason: "menu not understood"}
      IF r.success THEN EXIT DO
  END SELECT
  TALK "Anything else I can do for you?"
  HEAR more AS BOOLEAN
  IF NOT more THEN
    TALK "Thank you for contacting ${firm}."
    EXIT DO
  END IF
LOOP
