REM Financial services template: a bank's service bot (templates/README.md). Blocks cards and
REM answers balance questions after an identity check, opens tickets for problems and hands over
REM to the fraud or support team. The table "customers" (financial.gbdata) stands in for the
REM bank's core system: replace it with GET/POST calls to that system's API.
DESCRIPTION "Bank service: card blocking, balance, tickets, an agent"

TALK "Welcome to ${bank}. For your safety, never send your full card number, PIN or passwords in this chat."
' The identity check runs at most once per conversation: three failed tries do not reset.
checked = FALSE
customer = NULL
DO
  TALK "How can I help?"
  HEAR choice AS "Block my card", "Check my balance", "Report a problem", "Talk to an agent"
  IF (choice = "Block my card" OR choice = "Check my balance") AND NOT checked THEN
    customer = verify()
    checked = TRUE
  END IF
  SELECT CASE choice
    CASE "Block my card"
      IF block_card(customer) = "agent" THEN EXIT DO
    CASE "Check my balance"
      balance(customer)
    CASE "Report a problem"
      IF report_problem(customer) = "agent" THEN EXIT DO
    CASE "Talk to an agent"
      IF agent(support_queue, "normal", "asked for an agent from the menu") = "agent" THEN EXIT DO
    CASE ELSE
      IF agent(support_queue, "normal", "menu not understood") = "agent" THEN EXIT DO
  END SELECT
  TALK "Can I help with anything else?"
  HEAR more AS BOOLEAN
  IF NOT more THEN
    TALK "Thank you for banking with ${bank}."
    EXIT DO
  END IF
LOOP
