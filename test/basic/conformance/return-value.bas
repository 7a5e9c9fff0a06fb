TALK "before"
RETURN 6 * 7
TALK "never"
