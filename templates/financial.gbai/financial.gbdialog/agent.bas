REM Hands the conversation to a team's queue; "agent" when it is queued (the engine tells the
REM customer to wait). When no one can take it, the customer gets the phone number.
DESCRIPTION "Hands the conversation to an agent"
PARAM queue AS STRING LIKE "fraud"
PARAM priority AS STRING LIKE "high" DESCRIPTION "low, normal, high or urgent"
PARAM reason AS STRING DESCRIPTION "What the agent sees first"
r = TRANSFER TO HUMAN {department: queue, priority: priority, reason: reason}
IF r.success THEN RETURN "agent"
TALK "No agent can answer here right now. Please call us on ${bank_phone}."
RETURN "unavailable"
