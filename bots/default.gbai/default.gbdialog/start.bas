REM The demo bot: greets, answers a small menu and hands off to a person on request.
DESCRIPTION "Switchboard demo bot"

IF ISEMPTY(user_name) THEN
  TALK "Hello! I am the ${company} demo bot."
ELSE
  TALK "Hello, ${user_name}! I am the ${company} demo bot."
END IF

DO
  TALK "How can I help you?"
  HEAR choice AS "Opening hours", "Order status", "Talk to a person"
  SELECT CASE choice
    CASE "Opening hours"
      TALK hours()
    CASE "Order status"
      TALK "What is your order number?"
      HEAR order AS INTEGER
      IF ISNULL(order) THEN
        TALK "I could not read that order number, so let me find you a person."
        TRANSFER TO HUMAN "support", "normal", "could not read the order number"
        EXIT DO
      END IF
      orders = FIND "orders", "number=" & order
      IF COUNT(orders) = 0 THEN
        TALK "I could not find order ${order}. Orders 1001 to 1003 exist in this demo."
      ELSE
        TALK "Order ${order} is ${orders[0].status}: ${orders[0].eta}."
      END IF
    CASE "Talk to a person"
      TRANSFER TO HUMAN "support", "normal", "asked for a person from the menu"
      EXIT DO
    CASE ELSE
      ' HEAR … AS gives up after three unreadable answers: hand off rather than loop.
      TRANSFER TO HUMAN "support", "normal", "menu not understood"
      EXIT DO
  END SELECT
LOOP
