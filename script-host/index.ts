/**
 * The BASIC script host (docs/architecture.md, folder map): the engine's bot runner (the dialog of
 * a turn, run by basic-interpreter through its host port), the effects of the keywords (data,
 * HTTP, files, mail, language models, sites, charts, sign-in links), the bots' WEBHOOK scripts
 * and forms, and the runs without a conversation (SET SCHEDULE, table handlers, ON EMAIL / ON
 * CHANGE). It reaches the engine only through engine/index.js. Other folders use what is exported here.
 */
export { createScriptHost, type ScriptHost } from './create-script-host.js';
export type { ScriptBot, ScriptHostDeps, ScriptHostRepositories } from './script-host-context.js';
export { llmNotConfigured, mailNotConfigured, meetingsNotConfigured, type LlmPort, type MailPort, type MeetingsPort } from './ports.js';
export type {
  ContactChange, ContactCustomer, ContactsPort, FileLinksPort, SignInLinksPort, FilesPort, KnowledgeSource, LlmGeneration, LlmRequest, MailboxCursor, MailboxPort, MailboxSettings, ReceivedMail, ScriptCapabilitiesPort, ScriptTool, UsersPort,
} from './ports.js';
export { SETTABLE_SESSION_KEYS, READABLE_SESSION_KEYS } from './session-keys.js';
export { sitePagePath } from './create-site.js';
export type { WebhookRequest } from './run-webhook.js';
export { NEXT_FIELD, type FormAnswer, type FormSubmission } from './submit-form.js';
export type { ScriptWebhookAnswer } from './webhook-answer.js';
export { endpointConflicts } from './script-endpoints.js';
export { loadBotScripts } from './load-bot-scripts.js';
export { withLookaheadCache } from './lookahead-cache.js';
export {
  createFolderFileStore, createHttpPerformer, fillDocument, pdfMaker, HEAR_FILE_MAX_BYTES, HttpRefusedError, HttpRequestError, QR_LIMITS, readQrCode, readQrLink,
  RECEIVED_FOLDER, receiveHearFile, ScriptFolder, SeedDataError, seedTablesFromCsv, fetchLinkBytes,
  type FetchedFile, type HearFileDeps, type HearFileProblem, type HttpPerformerOptions, type ProblemListener, type QrLimits, type QrLinkProblem,
  type QrProblem, type QrReading, type ResolvedAddress, type ResolveHost, type ScriptFolderOptions, type SeededTable, type SeedOptions,
} from './host/index.js';
