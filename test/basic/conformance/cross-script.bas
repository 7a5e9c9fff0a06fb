total = add_tax(100)
TALK "total " & total
msg = ask_name()
TALK "got " & msg
