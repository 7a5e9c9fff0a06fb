name = "Ana"
age = 30
SAVE "people", name, age
SAVE "people", {name: "Bia", age: 17, city: "Porto"}
INSERT "people", {name: "Caio", age: 45, city: "Lisbon"}
adults = FIND "people", "age>=18"
TALK COUNT(adults) & " adults: " & adults[0].name & ", " & adults[1].name
lisbon = FIND "people", "age>18 AND city=Lisbon"
TALK lisbon[0].name
UPDATE "people", "name=Bia", {age: 18}
TALK COUNT(FIND("people", "age>=18"))
DELETE "people", "name=Caio"
rows = FIND "people", ""
TALK COUNT(rows)
other = FIND "people", "name<>Ana"
TALK other[0].name
