import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { outboundPool } from '../infra/outbound-pool.js';
import type { CliIo } from './run-command.js';

const USAGE = `Usage: switchboard chat <bot> [--url URL] [--name NAME]

  Talks to a bot of a running server as a web visitor would (docs/channels/web.md): each line
  you type is a message; the bot's replies are printed, and once a person has the conversation,
  what the attendant and the system say, as it comes.
  --url   the server (default http://127.0.0.1:$PORT, PORT defaulting to 8080)
  --name  the name the bot and the attendants see (default: the visitor is anonymous)
  End with Ctrl-D (or Ctrl-C).`;

/** What the web channel answers a visitor's message (WebMessageAnswer in the API reference). */
interface WebAnswer {
  session_token: string;
  replies: { text: string; suggestions?: { label: string }[] }[];
}

/** A frame of `WS /ws/web` (docs/channels/web.md). */
interface WebFrame {
  type?: string;
  from?: string;
  text?: string;
  suggestions?: { label: string }[];
}

/**
 * `switchboard chat <bot>`: the web channel in a terminal, so a newcomer talks to a bot without
 * pasting tokens. Each answer carries the bot's replies of that turn; the session's socket brings
 * what attendants and the system say (its copies of the bot's replies are left out, so every line
 * prints once whatever arrives first).
 */
export async function chatCommand(args: string[], io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { url: { type: 'string' }, name: { type: 'string' } } });
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const [bot, ...rest] = parsed.positionals;
  if (!bot || rest.length > 0) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const base = (parsed.values.url ?? `http://127.0.0.1:${env.PORT ?? '8080'}`).replace(/\/+$/, '');
  // The operator's own server, usually on this machine: the outbound door with private addresses allowed.
  const door = outboundPool({ allowPrivateNetworks: true });
  const print = (from: string, text: string, suggestions?: { label: string }[]) => {
    io.stdout.write(`${from}> ${text}\n`);
    if (suggestions?.length) io.stdout.write(`${' '.repeat(from.length)}  [${suggestions.map((s) => s.label).join('] [')}]\n`);
  };

  let token: string | undefined;
  let socket: WebSocket | undefined;
  /** Opens the session's socket; resolves once it is open (or failed: the answers still carry the bot's replies). */
  const listen = (sessionToken: string) => new Promise<void>((resolve) => {
    socket?.close();
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/web?session_token=${encodeURIComponent(sessionToken)}`);
    socket = ws;
    ws.on('open', () => resolve());
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as WebFrame;
      if (frame.type === 'message' && frame.from !== 'bot' && typeof frame.text === 'string') print(frame.from ?? 'system', frame.text, frame.suggestions);
    });
    ws.on('error', () => resolve());
  });

  const send = async (text: string): Promise<boolean> => {
    const response = await door.fetch(`${base}/api/channels/web/${encodeURIComponent(bot)}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text, ...(token ? { session_token: token } : {}), ...(parsed.values.name ? { user_name: parsed.values.name } : {}) }),
    });
    const body = (await response.json().catch(() => ({}))) as Partial<WebAnswer> & { message?: string; error?: string };
    if (!response.ok || !body.session_token) {
      io.stderr.write(`${response.status} ${body.message ?? body.error ?? response.statusText}\n`);
      return response.status < 500 && response.status !== 404;
    }
    for (const reply of body.replies ?? []) print('bot', reply.text, reply.suggestions);
    // The first message, or a new session (the token changes): listen on its socket.
    if (body.session_token !== token) {
      token = body.session_token;
      await listen(token);
    }
    return true;
  };

  io.stdout.write(`Chatting with "${bot}" at ${base} as a web visitor. Ctrl-D ends.\n`);
  const lines = createInterface({ input: io.stdin, terminal: false });
  try {
    for await (const line of lines) {
      if (line.trim() === '') continue;
      if (!(await send(line))) return 1;
    }
    return 0;
  } catch (error) {
    io.stderr.write(`cannot reach ${base}: ${(error as Error).message}\n`);
    return 1;
  } finally {
    socket?.close();
  }
}
