DO
  x = x + 1
LOOP
