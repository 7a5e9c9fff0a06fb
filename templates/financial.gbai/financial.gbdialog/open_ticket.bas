REM Opens a ticket in the table "tickets" and gives its reference (FS-1001, FS-1002…). The agent
REM who takes over sees the reference in the transfer reason and may open an attendance ticket
REM for the session (docs/attendance/tickets.md).
DESCRIPTION "Opens a ticket and gives its reference"
PARAM customer_id AS STRING DESCRIPTION "The customer's id, empty when not verified"
PARAM area AS STRING
PARAM summary AS STRING
seq = NVL(GET BOT MEMORY("ticket_seq"), 1000) + 1
SET BOT MEMORY "ticket_seq", seq
ref = "FS-" & seq
SAVE "tickets", {ref: ref, customer_id: customer_id, area: area, summary: summary, status: "open", opened_at: now}
RETURN ref
