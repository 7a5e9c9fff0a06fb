
PARAM idea as STRING
DESCRIPTION "Called when someone have an idea and wants to keep it."

SAVE "marketing_ideas", idea, username
