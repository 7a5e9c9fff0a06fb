REM Callable from other scripts as hours(): the opening hours text.
DESCRIPTION "Tells the opening hours"
RETURN "We are open Monday to Friday, 9:00 to 18:00 (UTC)."
