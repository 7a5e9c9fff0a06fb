TALK "before"
CREATE TASK "Review document", "Please review the attached file"
TALK "never"
