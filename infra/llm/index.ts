/** Language models behind one small client (OpenAI-compatible APIs: OpenAI, Azure, Ollama, vLLM…). */
export { createLlmClient, LlmError, type ChatMessage, type LlmClient, type LlmFailure, type LlmSettings } from './llm-client.js';
export { createLlmClients } from './llm-clients.js';
