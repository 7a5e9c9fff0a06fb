import { randomUUID } from 'node:crypto';
import type { ChannelAdapter, ChannelRequest, DeliveryReceipt, InboundMessage, OutboundMessage } from '../../engine/index.js';
import { UnauthorizedError, ValidationError } from '../../infra/errors.js';
import type { VisitorClaims, VisitorTokens } from './visitor-token.js';
import { speakWebReplies, type WebSpeechDeps } from './web-voice.js';
import { acceptVisitorAttachments, VISITOR_UPLOADS_FOLDER, type VisitorLinkReader, type WebAttachmentRef } from './visitor-files.js';

/** The JSON a browser posts to `POST /api/channels/web/{bot}/messages` (validated by the route's zod schema). */
export interface WebMessageBody {
  /** May be empty when the message carries attachments. */
  text: string;
  /** Files the visitor uploaded (`POST …/uploads`), by their drive links. */
  attachments?: WebAttachmentRef[];
  /** Absent on a new visitor's first message. */
  session_token?: string;
  /** The visitor's name and e-mail, as they gave them (the widget's pre-chat form): the session's customer_name and customer_email. */
  user_name?: string;
  user_email?: string;
  /** The client's own id of this message, so a retried POST is not processed twice. */
  client_message_id?: string;
  /** The `utm_*` parameters of the page the widget is on, passed by its loader (docs/channels/web.md, "Campaigns"). */
  referral?: WebReferral;
}

/** The host page's campaign parameters as the widget posts them. */
export interface WebReferral {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  /** The ad's id, when the ad's link carries one (`utm_id`). */
  utm_id?: string;
  page_url?: string;
}

/** Options for {@link createWebAdapter}. */
export interface WebAdapterOptions {
  tokens: VisitorTokens;
  /**
   * The service's drive links (content/files/drive-links.ts, given by the composition root): an
   * attachment is accepted only as a valid link to the visitor's own upload. Without it, none is.
   */
  driveLinks?: VisitorLinkReader;
  /**
   * Reads a bot's drive, where the visitors' uploads are: HEAR's media types take an upload from
   * there (docs/basic.md, "HEAR's types and media"). Without it, HEAR fetches the upload by its link.
   */
  drive?: (bot: string) => { read(path: string): Promise<Buffer | undefined> } | undefined;
  /**
   * Speaks messages sent outside the visitor's turns (an attendant's reply under `/voice on`,
   * docs/channels/web.md, "Voice"): the bot's voice service and drive by bot name, and the name
   * of a bot id. Without it, they go as text.
   */
  speech?: WebSpeechDeps & { nameOf(botId: string): string | undefined };
  /** For tests; defaults to the real clock. */
  now?: () => Date;
  /** For tests; defaults to a random uuid per new visitor. */
  newVisitorId?: () => string;
}

/**
 * The `web` channel: the browser widget and any HTTP client, no provider in between.
 *
 * - `verify` checks the visitor's session token (signature and bot), the web equivalent of a
 *   provider's webhook signature. A request without a token is a new visitor and passes.
 * - `parse` reads the verified token's visitor id (or makes a new one), the posted text and the
 *   attachments, each a link to a file this visitor uploaded to this bot (visitor-files.ts).
 * - `send` has nothing to do: the engine publishes every committed outbound message on the event
 *   bus (`sessionOutboundTopic`), which the `/ws/web` WebSocket forwards to the browser on every
 *   instance, and `GET …/messages` reads the transcript. The HTTP answer carries the turn's replies
 *   too. So delivery succeeds at once.
 */
export function createWebAdapter(options: WebAdapterOptions): ChannelAdapter {
  const now = options.now ?? (() => new Date());
  const newVisitorId = options.newVisitorId ?? randomUUID;
  // What verify() proved, for parse() (which is synchronous, while checking a signature is not).
  const verified = new WeakMap<ChannelRequest, VisitorClaims>();

  return {
    channel: 'web',
    // Replies reach the visitor in the HTTP answer and over the WebSocket, with the turn.
    delivery: 'inline',
    async verify(req) {
      const token = bodyOf(req).session_token;
      if (token === undefined) return true;
      try {
        verified.set(req, await options.tokens.verify(token, req.bot));
        return true;
      } catch (error) {
        if (error instanceof UnauthorizedError) return false;
        throw error;
      }
    },
    parse(req): InboundMessage[] {
      const body = bodyOf(req);
      let visitorId: string;
      if (body.session_token === undefined) visitorId = newVisitorId();
      else {
        const claims = verified.get(req);
        if (!claims) throw new UnauthorizedError('The session token was not verified');
        visitorId = claims.visitor_id;
      }
      return [
        {
          channel: 'web',
          bot: req.bot,
          customer: {
            external_id: visitorId, ...(body.user_name ? { display_name: body.user_name } : {}), ...(body.user_email ? { email: body.user_email } : {}),
          },
          text: body.text,
          attachments: acceptVisitorAttachments(options.driveLinks, req.bot, visitorId, body.attachments ?? []),
          // Scoped to the visitor: the dedupe key is (bot, channel, id), and one visitor must never
          // collide with (or probe) another visitor's ids.
          ...(body.client_message_id ? { provider_message_id: `${visitorId}:${body.client_message_id}` } : {}),
          ...(body.session_token === undefined ? { first_contact: true } : {}),
          ...referralOf(body.referral),
          received_at: now(),
          // The token is a credential: it is not stored with the message.
          raw: { text: body.text, user_name: body.user_name, user_email: body.user_email, client_message_id: body.client_message_id },
        },
      ];
    },
    async send(_message: OutboundMessage): Promise<DeliveryReceipt> {
      return {};
    },
    // The visitor's own turns are spoken by the web channel's answer (web-channel.ts); the rest here.
    async withSpeech(message, botId) {
      const bot = options.speech?.nameOf(botId);
      if (!options.speech || !bot) return message;
      const [spoken] = await speakWebReplies(options.speech, bot, message.to, [message]);
      return spoken ?? message;
    },
    // A visitor's upload is in the bot's drive already (parse accepted only such links): read it there, link it there.
    async fetchAttachment(bot, attachment, maxBytes) {
      const link = attachment.url === undefined ? undefined : options.driveLinks?.parse(attachment.url);
      const drive = options.drive?.(bot);
      if (!link || link.bot !== bot || !link.path.startsWith(VISITOR_UPLOADS_FOLDER) || !drive) return undefined;
      const bytes = await drive.read(link.path);
      if (bytes === undefined) throw new Error('the uploaded file is no longer in the bot\'s drive');
      if (bytes.length > maxBytes) throw new Error('the file is larger than allowed');
      return { bytes, ...(attachment.mime_type ? { mime_type: attachment.mime_type } : {}), drive_path: link.path };
    },
  };
}

/** The body as the route validated it; checked again lightly because adapters take `unknown`. */
function bodyOf(req: ChannelRequest): WebMessageBody {
  const body = req.body as Partial<WebMessageBody> | null;
  if (typeof body?.text !== 'string') throw new ValidationError('A web message needs a text', [{ path: 'body.text', message: 'required' }]);
  return body as WebMessageBody;
}

/** The page's `utm_campaign` is the campaign's `ref`; `utm_id` its ad. */
function referralOf(referral: WebReferral | undefined): Pick<InboundMessage, 'referral'> {
  if (!referral) return {};
  const out = {
    ...(referral.utm_campaign ? { ref: referral.utm_campaign } : {}),
    ...(referral.utm_id ? { ad_id: referral.utm_id } : {}),
    ...(referral.utm_source ? { utm_source: referral.utm_source } : {}),
    ...(referral.utm_medium ? { utm_medium: referral.utm_medium } : {}),
    ...(referral.page_url ? { source_url: referral.page_url } : {}),
  };
  return Object.keys(out).length ? { referral: out } : {};
}
