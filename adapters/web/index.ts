/** The `web` channel: the visitor session token and the adapter. */
export {
  createVisitorTokens, DEFAULT_VISITOR_TOKEN_TTL_SECONDS, type IssuedVisitorToken, type VisitorClaims, type VisitorTokenOptions, type VisitorTokens,
} from './visitor-token.js';
export { createWebAdapter, type WebAdapterOptions, type WebMessageBody } from './web-adapter.js';
export {
  createWebChannel, DEFAULT_WEB_RATE_LIMIT, type TranscriptRow, type WebChannel, type WebChannelDeps, type WebMessageRequest,
} from './web-channel.js';
