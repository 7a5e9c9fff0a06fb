/**
 * The widget's line to the web channel (docs/attendance/live-events.md is the attendant side):
 * `GET /api/channels/web/{bot}/info` for the bot's language, `POST …/messages` to speak, `POST …/uploads` for a file to send with a
 * message (docs/channels/web.md), `GET …/messages` for the transcript and the `/ws/web` socket for
 * what the bot, an attendant or the system says later, and typing notices.
 */
import type { PageReferral } from './page-referral.js';

/** The server's upload limit (WEB_UPLOAD_MAX_BYTES, docs/channels/web.md): checked here too, so a big file is not sent in vain. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** A file of a message: shown as a thumbnail (an image) or a link with its name. */
export interface ChatFile {
  type: string;
  url: string;
  name?: string;
  mime_type?: string;
  /** A voice message the visitor recorded, or the spoken audio of a reply (docs/channels/web.md, "Voice"). */
  voice?: boolean;
}

/** One line of the transcript as the widget shows it. */
export interface ChatLine {
  from: 'customer' | 'bot' | 'attendant' | 'system';
  text: string;
  suggestions?: { key: string; label: string }[];
  attachments?: ChatFile[];
}

/** An attendant's co-browse signal (docs/attendance/co-browse.md): a request, the pointer, a snapshot wanted, the end. */
export type CobrowsePush =
  | { type: 'cobrowse_request'; cobrowse_id: string; attendant: string }
  | { type: 'cobrowse_pointer'; cobrowse_id: string; x: number; y: number }
  | { type: 'cobrowse_resync'; cobrowse_id: string }
  | { type: 'cobrowse_ended'; cobrowse_id: string; by: string };

/** What the socket pushes: a message, the attendant typing, or co-browse. */
export type PushFrame = { type: 'message'; line: ChatLine } | { type: 'typing'; from: string } | { type: 'cobrowse'; push: CobrowsePush };

interface PostAnswer {
  session_token: string;
  replies: { text: string; suggestions?: { key: string; label: string }[]; attachments?: ChatFile[] }[];
}

interface HistoryAnswer {
  messages: { from: ChatLine['from']; text: string; attachments?: ChatFile[] }[];
}

/** Calls of one bot's web channel on one server; the visitor's token is the caller's to keep. */
export class WebChannelClient {
  constructor(
    private readonly server: string,
    private readonly bot: string,
    /** The host page's campaign parameters (page-referral.ts), sent with the first message only. */
    private readonly referral?: PageReferral,
  ) {}

  private get messagesUrl(): string {
    return `${this.server}/api/channels/web/${encodeURIComponent(this.bot)}/messages`;
  }

  /**
   * The bot's settings the widget needs before the first message: its `language`, null when it
   * sets none, whether it asks the visitor's name and e-mail first (`prechat_form`) and whether
   * it takes voice messages (`voice`) and calls from the browser (`call`).
   */
  async info(): Promise<{ language: string | null; prechatForm: boolean; voice: boolean; call: boolean }> {
    const res = await fetch(`${this.server}/api/channels/web/${encodeURIComponent(this.bot)}/info`);
    if (!res.ok) throw new ChannelError(res.status);
    const answer = (await res.json()) as { language?: unknown; prechat_form?: unknown; voice?: unknown; call?: unknown };
    return {
      language: typeof answer.language === 'string' ? answer.language : null, prechatForm: answer.prechat_form === true,
      voice: answer.voice === true, call: answer.call === true,
    };
  }

  /**
   * Sends the visitor's text and files, with their name and e-mail when the pre-chat form asked
   * them; the answer carries the (possibly new) token and the bot's replies.
   */
  async send(
    text: string, token: string | undefined, clientMessageId: string, attachments: ChatFile[] = [], visitor?: { name: string; email?: string },
  ): Promise<{ token: string; replies: ChatLine[] }> {
    const res = await fetch(this.messagesUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text, client_message_id: clientMessageId, ...(token ? { session_token: token } : {}),
        ...(visitor ? { user_name: visitor.name, ...(visitor.email ? { user_email: visitor.email } : {}) } : {}),
        ...(!token && this.referral ? { referral: this.referral } : {}),
        ...(attachments.length ? { attachments: attachments.map(({ url, name, mime_type, type, voice }) => ({ url, name, mime_type, type, ...(voice ? { voice } : {}) })) } : {}),
      }),
    });
    if (!res.ok) throw new ChannelError(res.status);
    const answer = (await res.json()) as PostAnswer;
    return {
      token: answer.session_token,
      replies: answer.replies.map((r) => ({ from: 'bot', text: r.text, ...(r.suggestions ? { suggestions: r.suggestions } : {}), ...files(r.attachments) })),
    };
  }

  /** Uploads a file for the token's visitor; the answer is the file to send with a message. ChannelError 413 when too big. */
  async upload(file: File, token: string): Promise<ChatFile> {
    if (file.size > UPLOAD_MAX_BYTES) throw new ChannelError(413);
    const res = await fetch(`${this.server}/api/channels/web/${encodeURIComponent(this.bot)}/uploads?name=${encodeURIComponent(file.name || 'file')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
    if (!res.ok) throw new ChannelError(res.status);
    return (await res.json()) as ChatFile;
  }

  /** Calls the bot with the browser's SDP offer (complete, no trickle ICE); the answer's SDP and the call to hang up by. */
  async call(offerSdp: string, token: string): Promise<{ callId: string; answerSdp: string }> {
    const res = await fetch(`${this.server}/api/channels/web/${encodeURIComponent(this.bot)}/calls`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session_token: token, sdp: offerSdp }),
    });
    if (!res.ok) throw new ChannelError(res.status);
    const answer = (await res.json()) as { call_id: string; sdp: string };
    return { callId: answer.call_id, answerSdp: answer.sdp };
  }

  /** Hangs up the visitor's call. */
  async hangUp(callId: string, token: string): Promise<void> {
    const res = await fetch(`${this.server}/api/channels/web/${encodeURIComponent(this.bot)}/calls/${encodeURIComponent(callId)}/hangup`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session_token: token }),
    });
    if (!res.ok && res.status !== 404) throw new ChannelError(res.status);
  }

  /** The session's transcript, oldest first; ChannelError 401/404 when the token is no longer good. */
  async history(token: string): Promise<ChatLine[]> {
    const res = await fetch(`${this.messagesUrl}?session_token=${encodeURIComponent(token)}`);
    if (!res.ok) throw new ChannelError(res.status);
    const answer = (await res.json()) as HistoryAnswer;
    return answer.messages.map((m) => ({ from: m.from, text: m.text, ...files(m.attachments) }));
  }

  /** Opens the push socket of the token's session. */
  connect(token: string, onFrame: (frame: PushFrame) => void): WebSocket {
    const url = new URL(`/ws/web?session_token=${encodeURIComponent(token)}`, this.server);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    socket.addEventListener('message', (event) => {
      const frame = parseFrame(String(event.data));
      if (frame) onFrame(frame);
    });
    return socket;
  }
}

/** An HTTP answer the widget cannot use; `status` tells a lost session (401/404) from an outage. */
export class ChannelError extends Error {
  constructor(readonly status: number) {
    super(`web channel answered ${status}`);
  }
}

/** The `attachments` of a line, when there are any. */
function files(attachments: ChatFile[] | undefined): { attachments?: ChatFile[] } {
  return attachments?.length ? { attachments } : {};
}

function cobrowsePush(f: Record<string, unknown>): PushFrame | undefined {
  if (typeof f.cobrowse_id !== 'string') return undefined;
  const id = f.cobrowse_id;
  if (f.type === 'cobrowse_request') return { type: 'cobrowse', push: { type: f.type, cobrowse_id: id, attendant: typeof f.attendant === 'string' ? f.attendant : '' } };
  if (f.type === 'cobrowse_pointer' && typeof f.x === 'number' && typeof f.y === 'number') return { type: 'cobrowse', push: { type: f.type, cobrowse_id: id, x: f.x, y: f.y } };
  if (f.type === 'cobrowse_resync') return { type: 'cobrowse', push: { type: f.type, cobrowse_id: id } };
  if (f.type === 'cobrowse_ended') return { type: 'cobrowse', push: { type: f.type, cobrowse_id: id, by: String(f.by) } };
  return undefined;
}

function parseFrame(data: string): PushFrame | undefined {
  try {
    const f = JSON.parse(data) as { type?: string; from?: ChatLine['from']; text?: string; suggestions?: ChatLine['suggestions']; attachments?: ChatFile[] };
    if (f.type === 'typing' && typeof f.from === 'string') return { type: 'typing', from: f.from };
    if (typeof f.type === 'string' && f.type.startsWith('cobrowse_')) return cobrowsePush(f as Record<string, unknown>);
    if (f.type === 'message' && typeof f.from === 'string' && typeof f.text === 'string') {
      return { type: 'message', line: { from: f.from, text: f.text, ...(f.suggestions ? { suggestions: f.suggestions } : {}), ...files(f.attachments) } };
    }
  } catch {
    // not JSON: nothing the widget knows
  }
  return undefined;
}
