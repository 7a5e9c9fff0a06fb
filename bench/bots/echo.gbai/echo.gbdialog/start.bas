' The pipeline benchmark's bot: one TALK per message, so a turn costs what the platform costs.
TALK "echo: " & first_message
