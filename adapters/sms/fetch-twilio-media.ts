import type { Attachment, ReceivedFile } from '../../engine/index.js';
import { fetchProviderFile } from '../fetch-provider-file.js';
import type { SmsSettings } from './sms-settings.js';

/**
 * An MMS file a customer sent (`MediaUrl0…`), fetched with the account's credentials
 * (docs/channels/sms.md, "Media"). Twilio serves media to anyone holding the link unless the
 * account enforces HTTP basic authentication on media; then only the account SID and auth token
 * open it. Those go only to this account's media under the configured REST root: any other link
 * answers undefined and the engine fetches it through the bot's guarded client.
 */
export async function fetchTwilioMedia(settings: SmsSettings, attachment: Attachment, maxBytes: number): Promise<ReceivedFile | undefined> {
  if (attachment.url === undefined || !isAccountMedia(settings, attachment.url)) return undefined;
  const credentials = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
  return fetchProviderFile(attachment.url, `Basic ${credentials}`, maxBytes, attachment.mime_type, settings.allowPrivateNetworks);
}

/** `{root}/2010-04-01/Accounts/{this account}/Messages/{MM…}/Media/{ME…}`, Twilio's media resource. */
function isAccountMedia(settings: SmsSettings, url: string): boolean {
  const link = URL.canParse(url) ? new URL(url) : undefined;
  if (!link || link.origin !== new URL(settings.apiRoot).origin) return false;
  const prefix = `/2010-04-01/Accounts/${settings.accountSid}/Messages/`;
  return link.pathname.startsWith(prefix) && /^[^/]+\/Media\/[^/]+$/.test(link.pathname.slice(prefix.length));
}
