TALK "before"
ADD MEMBER "user@example.com", "sales-team"
TALK "never"
