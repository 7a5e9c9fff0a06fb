s = "Hello World"
TALK LEN(s)
TALK LEFT(s, 5)
TALK RIGHT(s, 5)
TALK MID(s, 7, 3)
TALK MID(s, 7)
TALK "[" & TRIM("  pad  ") & "]"
TALK UCASE(s) & " " & UPPER("x")
TALK LCASE(s) & " " & LOWER("Y")
TALK REPLACE(s, "o", "0")
parts = SPLIT("a,b,c", ",")
TALK parts
TALK JOIN(parts, "-")
TALK INSTR(s, "World")
TALK INSTR(s, "zzz")
TALK INSTR(6, s, "o")
TALK VAL("12abc") + 1
TALK STR(42) & "!"
TALK ISNUMERIC("3.5") & " " & ISNUMERIC("abc")
TALK ISEMPTY("") & " " & ISEMPTY("x") & " " & ISEMPTY([])
TALK ISNULL(NULL) & " " & ISNULL(0)
TALK NVL(NULL, "fallback") & " " & NVL("value", "fallback")
TALK IIF(1 > 2, "yes", "no")
TALK CONTAINS("Hello World", "world")
