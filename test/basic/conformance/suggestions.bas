ADD SUGGESTION "yes" AS "Yes please"
ADD SUGGESTION "no" AS "No thanks"
TALK "Continue?"
TALK "no suggestions here"
ADD SUGGESTION "a" AS "A"
CLEAR SUGGESTIONS
TALK "cleared"
