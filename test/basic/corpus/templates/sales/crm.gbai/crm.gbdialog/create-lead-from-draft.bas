
PARAM text as STRING
DESCRIPTION "Called when someone wants to create a customer by pasting unstructured text, like and e-mail answer."

SAVE_FROM_UNSTRUCTURED "rob", text
