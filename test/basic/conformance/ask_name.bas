TALK "Name please"
HEAR n
RETURN UCASE(n)
