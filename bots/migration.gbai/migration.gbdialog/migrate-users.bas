' migrate-users.bas: the user migration template of the General Bots reference (docs/basic.md).
PARAM csv_path AS string

DESCRIPTION "Import users from CSV export"

users = READ csv_path
FOR EACH row IN users
    CREATE USER row.email WITH NAME row.name
NEXT row
