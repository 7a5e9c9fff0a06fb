/** The `web` channel: the visitor session token and the adapter. */
export {
  createVisitorTokens, DEFAULT_VISITOR_TOKEN_TTL_SECONDS, type IssuedVisitorToken, type VisitorClaims, type VisitorTokenOptions, type VisitorTokens,
} from './visitor-token.js';
export { createWebAdapter, type WebAdapterOptions, type WebMessageBody } from './web-adapter.js';
export {
  createWebChannel, DEFAULT_WEB_RATE_LIMIT, type TranscriptRow, type VisitorCalls, type WebChannel, type WebChannelDeps, type WebMessageRequest, type WebUploadRequest,
} from './web-channel.js';
export {
  acceptVisitorAttachments, attachmentTypeOf, safeFileName, visitorUploadFolder, WEB_ATTACHMENTS_MAX, WEB_UPLOAD_MAX_BYTES,
  type DriveLinkRef, type VisitorLinkReader, type WebAttachmentRef,
} from './visitor-files.js';
export { storeWebUpload, webUploadTooLarge, type WebUpload, type WebUploadDeps, type WebUploadInput } from './web-upload.js';
