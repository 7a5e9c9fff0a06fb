DESCRIPTION "Adds 21% tax to an amount"
PARAM amount AS NUMBER LIKE 100 DESCRIPTION "Net amount"
RETURN amount * 1.21
