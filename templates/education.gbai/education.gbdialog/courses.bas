REM Course information: the courses of a level, then one course's details by its code.
DESCRIPTION "Course information"
TALK "Which level?"
HEAR level AS "Undergraduate", "Postgraduate", "Short course"
level_key = IIF(level = "Short course", "short", LCASE(level))
offered = FIND "courses", "level=" & level_key
IF COUNT(offered) = 0 THEN
  TALK "There are no ${level} courses open for enrolment at the moment."
  RETURN NULL
END IF
FOR EACH course IN offered
  TALK course.code & ": " & course.name
NEXT
TALK "Type a course code for its details."
HEAR code AS STRING
found = FIND "courses", "code=" & UCASE(code)
IF COUNT(found) = 0 THEN
  TALK "I do not know the course ${code}."
  RETURN NULL
END IF
course = found[0]
seats = IIF(course.seats > 0, course.seats & " seats left", "full: join the waiting list through an application")
TALK course.name & " (" & course.code & "): " & course.credits & " credits over " & course.weeks & " weeks, " & course.mode & ", starts " & course.start & ", fee " & FORMAT(course.fee, "#,##0") & " USD; " & seats & "."
RETURN course
