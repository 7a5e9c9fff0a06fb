FOR EACH n IN [1, 5, 10, 20]
  IF n < 5 THEN
    TALK n & " small"
  ELSE IF n < 10 THEN
    TALK n & " medium"
  ELSEIF n = 10 THEN
    TALK n & " ten"
  ELSE
    TALK n & " large"
  END IF
NEXT
x = 3
IF x = 3 THEN TALK "one-line then"
IF x = 4 THEN TALK "no" ELSE TALK "one-line else"
If x > 1 Then
  talk "mixed case"
End If
