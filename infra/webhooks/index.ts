/** Outbound webhooks signed per Standard Webhooks, shared by notifications and attendance. */
export { postSignedWebhook, type SignedWebhookMessage } from './post-signed-webhook.js';
