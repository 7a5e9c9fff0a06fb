name = "Ana"
items = [1, 2]
TALK "Hello ${name}, you have ${COUNT(items)} items costing ${items[0] + items[1]}."
TALK "Price: $5 and ${"nested " & name}"
BEGIN TALK
Dear ${name},
  your order is ready.
Total: ${3 * 2}
END TALK
