REM SET SCHEDULE

REFRESH "llm"

list = ANSWER "A list of latest 10 orders made."

TALK "The Report is: \n" + list