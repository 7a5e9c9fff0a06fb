REM A ticket for a problem the bot cannot solve: the area and the customer's description, kept in
REM the table "tickets" with a reference; an agent now, if the customer wants one.
DESCRIPTION "Opens a ticket for a problem"
PARAM customer AS OBJECT DESCRIPTION "The verified customer, or NULL"
TALK "What is it about?"
HEAR area AS "Card", "Transfer or payment", "Online banking", "Other"
TALK "Please describe the problem in one message. Do not include card numbers or passwords."
HEAR problem
ref = open_ticket(IIF(ISNULL(customer), "", customer.customer_id), area, problem)
TALK "Thank you. Ticket ${ref} is open and our team answers within 2 working days. Would you like to talk to an agent now?"
HEAR now_please AS BOOLEAN
IF now_please THEN RETURN agent(support_queue, "normal", "ticket " & ref & " (" & area & "): " & problem)
RETURN "ticket"
