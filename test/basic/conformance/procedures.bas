counter = 0
CALL greet("Ana")
greet("Bia")
TALK square(4)
TALK fact(5)
bump
bump
TALK "counter " & counter
TALK early(1) & " " & early(5)
x = "global"
CALL shadow("param")
TALK x

SUB greet(name)
  TALK "Hi " & name
END SUB

FUNCTION square(n)
  RETURN n * n
END FUNCTION

FUNCTION fact(n)
  IF n <= 1 THEN RETURN 1
  RETURN n * fact(n - 1)
END FUNCTION

SUB bump()
  counter = counter + 1
END SUB

FUNCTION early(n)
  IF n > 2 THEN
    RETURN "big"
  END IF
  RETURN "small"
END FUNCTION

SUB shadow(x)
  TALK "inside " & x
  EXIT SUB
  TALK "never"
END SUB
