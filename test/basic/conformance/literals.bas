REM literals and TALK formatting
TALK 3
TALK 3.0
TALK 2.5
TALK -7
TALK 1e3
TALK "say ""hi"""
TALK TRUE
TALK FALSE
TALK NULL
TALK [1, 2, "x"]
TALK {name: "Ana", "Age": 30}
' a comment line
TALK "done" ' trailing comment
