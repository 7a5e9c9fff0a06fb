REM The verified customer's available balance; nothing without a confirmed identity.
DESCRIPTION "Tells the customer's balance"
PARAM customer AS OBJECT DESCRIPTION "The verified customer, or NULL"
IF ISNULL(customer) THEN
  TALK "Without confirming who you are I cannot share account details. You can call us on ${bank_phone}."
  RETURN "refused"
END IF
TALK "${customer.name}, your available balance is " & FORMAT(customer.balance, "#,##0.00") & " " & customer.currency & "."
RETURN "told"
