FOR EACH v IN [1, 2, 3, "a", "z"]
  SELECT CASE v
    CASE 1, 2
      TALK v & ": one or two"
    CASE "a"
      TALK v & ": letter a"
    CASE ELSE
      TALK v & ": other"
  END SELECT
NEXT
