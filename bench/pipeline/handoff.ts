import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/** Customer message to `new_conversation` frame on a supervisor's console, in milliseconds. */
export interface HandoffResult {
  count: number;
  p50: number;
  p99: number;
}

/** Untimed handoffs before a timed run: the first ones open pools and compile the path. */
export const HANDOFF_WARM_UP = 3;

/**
 * Signs in as the admin, opens the attendance console socket, then — one at a time, each from a
 * new visitor — sends the echo bot's transfer word and times the `new_conversation` frame for it.
 * The frame leaves after the turn committed and its `session.handed_off` event was handled
 * (docs/architecture.md, "One-way handoff"), so this is the whole path a waiting customer takes.
 */
export async function handoffLatency(baseUrl: string, credentials: { username: string; password: string }, count: number): Promise<HandoffResult> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/attendance?token=${encodeURIComponent(token)}`);
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  let waiter: (() => void) | undefined;
  socket.on('message', (data: WebSocket.RawData) => {
    if ((JSON.parse(String(data)) as { type?: string }).type === 'new_conversation') waiter?.();
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const framed = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no new_conversation frame within 10 s')), 10_000);
        waiter = () => { clearTimeout(timer); resolve(); };
      });
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/channels/web/echo/messages`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'a human please' }),
      });
      if (!res.ok) throw new Error(`handoff message: ${res.status} ${await res.text()}`);
      await framed;
      times.push(performance.now() - started);
    }
  } finally {
    socket.close();
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { count: times.length, p50: at(0.5), p99: at(0.99) };
}
