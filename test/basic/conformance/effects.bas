TRANSFER TO HUMAN
TRANSFER TO HUMAN "sales", "high", "wants a discount", "workchat"
r = TRANSFER TO HUMAN {department: "support", destination: "mobile_msg"}
TALK r.status & " " & r.queue_position
m = CREATE MEETING {title: "Support call", type: "support", expires_in: 3600, max_participants: 2, recording: FALSE, transcription: TRUE, participants: ["a@example.com"]}
TALK m.success & " " & m.room_id
SEND MAIL "a@example.com", "Hello", "Body text"
TALK TO "+15550001", "Heads up"
answer = LLM "Say hi"
TALK answer
SET SCHEDULE "0 9 * * 1"
