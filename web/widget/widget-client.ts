/**
 * The widget's line to the web channel (docs/attendance/live-events.md is the attendant side):
 * `POST /api/channels/web/{bot}/messages` to speak, `GET …/messages` for the transcript and the
 * `/ws/web` socket for what the bot, an attendant or the system says later, and typing notices.
 */

/** One line of the transcript as the widget shows it. */
export interface ChatLine {
  from: 'customer' | 'bot' | 'attendant' | 'system';
  text: string;
  suggestions?: { key: string; label: string }[];
}

/** What the socket pushes: a message, or the attendant typing. */
export type PushFrame = { type: 'message'; line: ChatLine } | { type: 'typing'; from: string };

interface PostAnswer {
  session_token: string;
  replies: { text: string; suggestions?: { key: string; label: string }[] }[];
}

interface HistoryAnswer {
  messages: { from: ChatLine['from']; text: string }[];
}

/** Calls of one bot's web channel on one server; the visitor's token is the caller's to keep. */
export class WebChannelClient {
  constructor(
    private readonly server: string,
    private readonly bot: string,
  ) {}

  private get messagesUrl(): string {
    return `${this.server}/api/channels/web/${encodeURIComponent(this.bot)}/messages`;
  }

  /** Sends the visitor's text; the answer carries the (possibly new) token and the bot's replies. */
  async send(text: string, token: string | undefined, clientMessageId: string): Promise<{ token: string; replies: ChatLine[] }> {
    const res = await fetch(this.messagesUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text, client_message_id: clientMessageId, ...(token ? { session_token: token } : {}) }),
    });
    if (!res.ok) throw new ChannelError(res.status);
    const answer = (await res.json()) as PostAnswer;
    return { token: answer.session_token, replies: answer.replies.map((r) => ({ from: 'bot', text: r.text, ...(r.suggestions ? { suggestions: r.suggestions } : {}) })) };
  }

  /** The session's transcript, oldest first; ChannelError 401/404 when the token is no longer good. */
  async history(token: string): Promise<ChatLine[]> {
    const res = await fetch(`${this.messagesUrl}?session_token=${encodeURIComponent(token)}`);
    if (!res.ok) throw new ChannelError(res.status);
    const answer = (await res.json()) as HistoryAnswer;
    return answer.messages.map((m) => ({ from: m.from, text: m.text }));
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

function parseFrame(data: string): PushFrame | undefined {
  try {
    const f = JSON.parse(data) as { type?: string; from?: ChatLine['from']; text?: string; suggestions?: ChatLine['suggestions'] };
    if (f.type === 'typing' && typeof f.from === 'string') return { type: 'typing', from: f.from };
    if (f.type === 'message' && typeof f.from === 'string' && typeof f.text === 'string') {
      return { type: 'message', line: { from: f.from, text: f.text, ...(f.suggestions ? { suggestions: f.suggestions } : {}) } };
    }
  } catch {
    // not JSON: nothing the widget knows
  }
  return undefined;
}
