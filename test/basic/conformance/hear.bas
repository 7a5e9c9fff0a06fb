TALK "What is your name?"
HEAR name
TALK "Hello " & name & ". First message was: " & first_message
TALK "Your email?"
HEAR email AS EMAIL
TALK "Saved " & email
TALK "How many?"
HEAR qty AS INTEGER
TALK "Twice is " & qty * 2
TALK "Pick one"
HEAR choice AS "Sales", "Support", "Billing"
TALK "You chose " & choice
