SET SCHEDULE "0 0 21 * * *"

DESCRIPTION "Refresh data analysis context for LLM"

REFRESH "data-analysis"

TALK "Data analysis context refreshed."
