/** Language models behind one small client (OpenAI-compatible APIs: OpenAI, Azure, Ollama, vLLM…). */
export { createLlmClient, LlmError, type ChatMessage, type ChatTurn, type LlmClient, type LlmFailure, type LlmSettings, type ToolCall, type ToolCallingClient, type ToolDefinition } from './llm-client.js';
export { createLlmClients } from './llm-clients.js';
export { completeWithTools, type ModelTool } from './complete-with-tools.js';
