' migrate-files.bas: the file migration template of the General Bots reference (docs/basic.md).
PARAM source_api AS string
PARAM auth_token AS string

DESCRIPTION "Migrate files from external storage"

SET HEADER "Authorization", "Bearer " + auth_token
files = GET source_api + "/files"

FOR EACH file IN files
    content = DOWNLOAD file.download_url
    WRITE "/" + file.path, content
    TALK "Migrated: " + file.name
NEXT file

TALK "Migration complete: " + LEN(files) + " files"
