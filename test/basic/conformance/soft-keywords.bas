REM Words of keyword phrases still work as names where no phrase starts.
add = 2
header = "h"
session = "s"
TALK add & header & session
TALK add(3, 4)
ADD SUGGESTION "k" AS "Label"
TALK "with suggestion"
item = {type: "book", status: "new"}
TALK item.type & " " & item.status
FUNCTION add(a, b)
  RETURN a + b
END FUNCTION
