REM The identity check: the card's last four digits and the date of birth must match one
REM customer. Three tries; gives the customer's row, or NULL when it could not be confirmed.
DESCRIPTION "Checks the customer's identity"
FOR attempt = 1 TO 3
  TALK "To confirm it is you: what are the last four digits of your card?"
  HEAR last4 AS STRING
  TALK "And your date of birth?"
  HEAR born AS DATE
  IF LEN(last4) = 4 AND ISNUMERIC(last4) AND NOT ISNULL(born) THEN
    found = FIND "customers", "card_last4=" & last4 & " AND birth_date=" & born
    IF COUNT(found) = 1 THEN RETURN found[0]
  END IF
  IF attempt < 3 THEN TALK "Those details do not match our records. Please try again."
NEXT
TALK "I could not confirm your identity."
RETURN NULL
