TALK "before"
CREATE DRAFT "user@example.com", "Subject", "Body"
TALK "never"
