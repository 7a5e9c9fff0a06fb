' Runs a migration template with the param-* values of config.csv (source_api, auth_token, csv_path).
HEAR what AS "Files", "Users"
IF what = "Files" THEN
    CALL "migrate-files.bas"
ELSE
    CALL "migrate-users.bas"
    TALK "Users imported from " + csv_path
END IF
