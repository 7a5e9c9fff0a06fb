REM Blocks the verified customer's card after a confirmation and opens a ticket for the
REM replacement. A stolen card or an unknown payment then goes to the fraud team; a customer
REM whose identity could not be confirmed goes there at once (an agent checks it another way).
DESCRIPTION "Blocks the customer's card"
PARAM customer AS OBJECT DESCRIPTION "The verified customer, or NULL"
IF ISNULL(customer) THEN
  TALK "For your protection, a fraud specialist will confirm your identity another way and block the card."
  RETURN agent(fraud_queue, "high", "card block: identity check failed")
END IF
card = "the card ending " & customer.card_last4
IF customer.card_status = "blocked" THEN
  TALK "${card} is already blocked."
  RETURN "done"
END IF
TALK "Why do you want to block ${card}?"
HEAR why AS "Lost", "Stolen", "A payment I do not recognise", "Other"
TALK "Block ${card} now? All payments with it stop, and it cannot be unblocked in this chat."
HEAR sure AS BOOLEAN
IF NOT sure THEN
  TALK "Nothing was changed: ${card} still works."
  RETURN "done"
END IF
UPDATE "customers", "customer_id=" & customer.customer_id, {card_status: "blocked"}
ref = open_ticket(customer.customer_id, "card", card & " blocked by the customer: " & why)
TALK "Done: ${card} is blocked. Your reference is ${ref}. A new card reaches your registered address within 5 working days."
IF why = "Stolen" OR why = "A payment I do not recognise" THEN
  TALK "Because someone else may have used the card, a fraud specialist will go through the recent payments with you."
  RETURN agent(fraud_queue, "high", "card blocked (" & why & "), ticket " & ref)
END IF
RETURN "done"
