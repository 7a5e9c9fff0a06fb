x = 1
SET y = x + 1
LET Z = y * 10
TALK x & "," & Y & "," & z
person = {name: "Ana", address: {city: "Lisbon"}}
person.name = "Bia"
person.address.city = "Porto"
person.age = 41
TALK person.name & " " & person.address.city & " " & person.age
list = [10, 20, 30]
list[1] = 21
TALK list[0] + list[1]
TALK list
TALK list[5]
TALK person.missing
TALK undefinedvariable
k = "name"
TALK person[k]
