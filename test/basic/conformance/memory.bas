SET BOT MEMORY "visits", 1
v = GET BOT MEMORY("visits")
TALK "visits " & v
REMEMBER "color", "blue"
TALK "color " & RECALL("color")
TALK "unknown " & ISNULL(RECALL("nothing"))
SET SESSION "customer_tier", "gold"
TALK GET SESSION("customer_tier")
SET CONTEXT "The customer is a gold member."
