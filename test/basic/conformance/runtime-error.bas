TALK "start"
x = NULL
x.name = "boom"
TALK "never"
