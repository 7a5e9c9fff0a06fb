TALK "Age?"
HEAR age AS INTEGER
IF ISNULL(age) THEN
  TALK "gave up"
ELSE
  TALK "age " & age
END IF
