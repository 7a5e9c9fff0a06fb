s = ""
FOR i = 1 TO 5
  s = s & i
NEXT i
TALK s
s = ""
FOR i = 10 TO 1 STEP -3
  s = s & i & " "
NEXT
TALK TRIM(s)
FOR i = 1 TO 0
  TALK "never"
NEXT
s = ""
FOR EACH c IN ["a", "b", "c"]
  s = s & c
NEXT c
TALK s
i = 0
DO WHILE i < 3
  i = i + 1
LOOP
TALK "do while " & i
DO UNTIL i = 0
  i = i - 1
LOOP
TALK "do until " & i
DO
  i = i + 2
LOOP WHILE i < 5
TALK "loop while " & i
DO
  i = i - 1
LOOP UNTIL i <= 4
TALK "loop until " & i
n = 0
WHILE n < 4
  n = n + 1
WEND
TALK "wend " & n
total = 0
FOR i = 1 TO 100
  IF i > 3 THEN EXIT FOR
  total = total + i
NEXT
TALK "exit for " & total
DO
  total = total + 1
  IF total >= 10 THEN EXIT DO
LOOP
TALK "exit do " & total
WHILE TRUE
  EXIT WHILE
WEND
TALK "exit while"
