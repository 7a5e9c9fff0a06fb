/**
 * The script of the compile benchmark (docs/basic.md, "Performance"): a generated 1,000-line
 * support bot, shared by the benchmark and the fresh process that times the first compile.
 */

/**
 * One section of a support bot, numbered `n` so no two sections are the same text: a menu with
 * typed HEARs, data and memory keywords, HTTP with headers, loops over results, interpolated
 * text, objects and arrays, and a FUNCTION and a SUB of its own.
 */
function section(n: number): string[] {
  return [
    `' Section ${n}: orders, returns and a callback request.`,
    `TALK "Hello ${'${'}user_name}, this is menu ${n}."`,
    `HEAR choice${n} AS "Order status", "Returns", "Call me back"`,
    `SELECT CASE choice${n}`,
    `  CASE "Order status"`,
    `    TALK "What is your order number?"`,
    `    HEAR order${n} AS INTEGER`,
    `    found${n} = FIND "orders", "number=${'${'}order${n}} AND status<>archived"`,
    `    IF COUNT(found${n}) = 0 THEN`,
    `      TALK "I could not find order ${'${'}order${n}}."`,
    `    ELSEIF found${n}[0].status = "shipped" THEN`,
    `      TALK "Order ${'${'}order${n}} left on ${'${'}FORMAT(found${n}[0].shipped_at, "dd/mm")}."`,
    `    ELSE`,
    `      TALK "Order ${'${'}order${n}} is ${'${'}LCASE(found${n}[0].status)}: " & eta${n}(found${n}[0])`,
    `    END IF`,
    `  CASE "Returns"`,
    `    SET HEADER "Authorization", "Bearer " & GET BOT MEMORY("api-token")`,
    `    items${n} = GET "https://shop.example.com/api/returns?customer=" & RECALL("customer_id")`,
    `    total${n} = 0`,
    `    FOR EACH item IN items${n}`,
    `      total${n} = total${n} + item.amount * (1 - item.discount / 100)`,
    `      IF item.amount > 500 AND NOT item.approved THEN EXIT FOR`,
    `    NEXT item`,
    `    SAVE "returns", {customer: user_id, total: total${n}, items: COUNT(items${n}), menu: ${n}}`,
    `    TALK "Your returns add up to ${'${'}ROUND(total${n}, 2)}."`,
    `  CASE ELSE`,
    `    HEAR phone${n} AS MOBILE`,
    `    REMEMBER "callback", {phone: phone${n}, at: NOW(), tags: ["callback", "menu ${n}"]}`,
    `    CALL notify${n}(phone${n}, 3)`,
    `END SELECT`,
    `FUNCTION eta${n}(order)`,
    `  days = DATEDIFF("d", TODAY(), order.eta)`,
    `  IF days <= 0 THEN RETURN "arriving today"`,
    `  eta${n} = "in " & days & IIF(days = 1, " day", " days")`,
    `END FUNCTION`,
    `SUB notify${n}(phone, tries)`,
    `  FOR i = 1 TO tries STEP 1`,
    `    reply = POST "https://ops.example.com/callbacks", {phone: phone, attempt: i, menu: ${n}}`,
    `    IF reply.ok THEN EXIT FOR`,
    `  NEXT`,
    `  TALK "We will call ${'${'}phone} back soon."`,
    `END SUB`,
  ];
}

/** A script of exactly `count` lines: whole sections, then comment lines. */
export function realisticScript(count: number): string {
  const lines: string[] = [];
  for (let n = 1; lines.length + section(n).length <= count; n++) lines.push(...section(n));
  while (lines.length < count) lines.push(`' padding line ${lines.length + 1}`);
  return lines.join('\n');
}
