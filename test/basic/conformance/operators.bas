TALK 1 + 2 * 3
TALK (1 + 2) * 3
TALK 2 ^ 3 ^ 2
TALK -2 ^ 2
TALK 7 \ 2
TALK -7 \ 2
TALK 7 MOD 3
TALK 10 / 4
TALK "a" + 1
TALK 1 + "a"
TALK "1" + 2
TALK 1 & 2
TALK "x" & NULL & "y"
TALK 1 + 2 & 3
TALK 3 > 2
TALK 3 = 3.0
TALK "10" = 10
TALK "a" <> "b"
TALK 2 <= 2 AND 3 >= 4
TALK NOT 1 = 2
TALK TRUE OR FALSE AND FALSE
TALK "b" > "a"
