list = [3, 1, 2, 3]
TALK FIRST(list) & " " & LAST(list)
TALK SORT(list)
TALK SORT(list, "desc")
TALK SORT(["b", "a", "C"])
TALK UNIQUE(list)
TALK CONTAINS(list, 2) & " " & CONTAINS(list, 9)
more = PUSH(list, 4)
TALK COUNT(list) & " " & COUNT(more)
TALK UBOUND(more) & " " & UBOUND([])
people = [{n: "b", a: 2}, {n: "a", a: 1}]
TALK SORT(people, "n")
j = TOJSON({a: [1, 2]})
TALK j
o = FROMJSON("{""x"": {""y"": 5}}")
TALK o.x.y
TALK FIRST([]) = NULL
