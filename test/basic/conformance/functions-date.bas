TALK NOW()
TALK TODAY()
TALK now
TALK today
d = "2026-01-31T10:20:00Z"
TALK YEAR(d) & " " & MONTH(d) & " " & DAY(d) & " " & HOUR(d) & " " & MINUTE(d)
TALK LEFT(DATEADD(d, 1, "m"), 10)
TALK LEFT(DATEADD(d, 2, "d"), 10)
TALK DATEDIFF("d", "2026-01-01", "2026-01-31")
TALK DATEDIFF("d", "2026-01-31", "2026-01-01")
TALK FORMAT(d, "dd/MM/yyyy HH:mm")
