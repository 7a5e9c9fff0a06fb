TALK "waiting"
WAIT 30
TALK "awake"
