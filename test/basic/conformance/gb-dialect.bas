' General Bots syntax forms (docs/basic.md, "Compatibility")
DESCRIPTION "dialect forms"
PARAM topic AS STRING LIKE "x" DESCRIPTION "what" OPTIONAL
' Channel, knowledge and tool phrases (their capabilities are the engine's ports: test/integration/basic-knowledge-tools.test.ts)
SEND SMS "+15551230001", "Your code is " + 1234
SEND TEMPLATE TO "+5511999990000", "order_update", #{name: "Ana"}
SEND TEMPLATE "+5511999990001", "hello", "Bob", 7
USE KB "policies"
USE WEBSITE "https://example.com/docs" REFRESH "1w"
CLEAR KB
ADD TOOL "create-ticket.bas"
CLEAR TOOLS
person = #{ name: "Ana", "age": 30 }
IF person.city IS NULL AND person.name IS NOT NULL THEN TALK "no city"
IF person.age != 31 THEN TALK "not 31"
total = 1 +
    2 +
    3
TALK "total: " + total
TALK FORMAT(1234.5, "n") & " | " & JOIN(SPLIT("a,b",
    ","), "-")
FOR i = 1 TO 2
  TALK "i=" & i
END FOR
o = NEW OBJECT
WITH o
  .name = "Bia"
  .tags = NEW ARRAY "a", "b"
END WITH
APPEND o.tags, "c"
TALK o.name & " " & TOJSON(o.tags)
TALK LEN("a\nb") & " " & (INSTR("a\nb", "\n") > 0)
SET CONTEXT "assistant" AS "You are helpful."
SET CONTEXT "short", "Be brief."
SAVE "products.csv", {sku: "p1", price: 10}
SAVE "products.csv", {sku: "p2", price: 30}
all = FIND "products.csv"
TALK COUNT(all)
cheap = FIND "products" WHERE "price<20"
TALK cheap[0].sku
none = FIND "products", "price>100"
IF none THEN
  TALK "found"
ELSE
  TALK "empty is false"
END IF
big = FILTER all, "price>=20"
TALK big[0].sku & " " & AGGREGATE("SUM", all, "price") & " " & AGGREGATE "AVG", all, "price"
PRINT "debug line"
LOG "info line"
TALK DATEDIFF("2024-01-01", "2024-01-31", "day") & " " & DATEDIFF("d", "2024-01-01", "2024-01-31")
TALK FORMAT(1234.5, "C2[pt]") & " | " & FORMAT(1234.5, "C2[en]") & " | " & FORMAT(3.14159, "F") & " | " & FORMAT(2.5, "f1")
TALK FORMAT("abc", ">@@@@@") & "|" & FORMAT "2024-12-25" AS "YYYY/MM/DD"
HEAR fruit AS "Apple", "Banana", "Cherry"
TALK "fruit: " & fruit
HEAR ok AS BOOLEAN
TALK "ok: " & ok
HEAR day AS DATE
TALK "day: " & day
HEAR day2 AS DATE
TALK "day2: " & day2
HEAR n AS INTEGER WITH "How many?" DEFAULT 3
TALK "n: " & n
CALL "helper.bas"
EXIT
TALK "never"
