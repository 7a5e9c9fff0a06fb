SET HEADER "Authorization", "Bearer t0k"
r = GET api & "/items"
TALK r.count & " items, first " & r.items[0].name
created = POST api & "/echo", {name: "Ana", tags: ["a"]}
TALK created.received.name & " " & created.auth
CLEAR HEADERS
p = PUT api & "/echo", {v: 1}
TALK p.method & " " & p.auth
q = PATCH api & "/echo", {v: 2}
TALK q.method
d = DELETE api & "/echo"
TALK d.method
t = GET api & "/text"
TALK t
