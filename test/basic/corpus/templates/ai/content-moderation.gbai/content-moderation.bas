' Content Moderation Workflow with AI
USE KB "community-guidelines"
USE TOOL "image-analysis"
USE TOOL "text-sentiment"

ORCHESTRATE WORKFLOW "content-moderation"

STEP 1: BOT "content-analyzer" "scan content"
  ' Multi-modal content analysis

STEP 2: BOT "policy-checker" "verify guidelines"
  ' Check against community standards

IF toxicity_score > 0.7 OR contains_explicit_content = true THEN
  STEP 3: BOT "auto-moderator" "remove content"
  PUBLISH EVENT "content_removed"
ELSE IF toxicity_score > 0.4 THEN
  STEP 4: HUMAN APPROVAL FROM "moderator@platform.com"
    TIMEOUT 3600  ' 1 hour for borderline content
    ON TIMEOUT: APPROVE WITH WARNING
END IF

' Enhanced LLM for context understanding
result = LLM "Analyze content context and cultural sensitivity" 
  WITH OPTIMIZE FOR "quality"
  WITH MAX_COST 0.05

IF result.contains("cultural_sensitivity_issue") THEN
  STEP 5: BOT "cultural-advisor" "review context"
END IF

' Learn from moderation decisions
BOT SHARE MEMORY "moderation_patterns" WITH "content-analyzer-v2"

PUBLISH EVENT "moderation_complete"

TALK "Content moderation completed"
