import { WebSocket } from 'ws';

/** A JSON frame as the sockets send them. */
export type Frame = Record<string, unknown> & { type: string };

/** A test WebSocket client that records every JSON frame and waits for frames by predicate. */
export interface FrameSocket {
  ws: WebSocket;
  frames: Frame[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  /** The first frame (already received or still to come) that matches; rejects after `timeoutMs`, listing what came. */
  next(match: (frame: Frame) => boolean, what: string, timeoutMs?: number): Promise<Frame>;
  send(frame: unknown): void;
}

/** Connects to `url` (ws://…); `track` collects sockets for the suite to terminate at the end. */
export function connectFrameSocket(url: string, track?: WebSocket[]): FrameSocket {
  const ws = new WebSocket(url);
  track?.push(ws);
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as Frame;
    frames.push(frame);
    for (const w of waiters.filter((x) => x.match(frame))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(frame);
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const next = (match: (f: Frame) => boolean, what: string, timeoutMs = 5000): Promise<Frame> => {
    const seen = frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} frame; got ${JSON.stringify(frames)}`)), timeoutMs);
      waiters.push({ match, resolve: (f) => { clearTimeout(timer); resolve(f); } });
    });
  };
  const send = (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  return { ws, frames, opened, closed, next, send };
}
