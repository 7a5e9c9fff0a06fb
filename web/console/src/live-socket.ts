import type { LiveFrame } from './types.js';

const RETRY_MAX_MS = 10_000;

/**
 * The console's `/ws/attendance` socket (docs/attendance/live-events.md): pushes frames to the
 * listener, reconnects with backoff after a loss, and tells the listener when it is (re)connected
 * so the console re-reads the queue (the bus stores nothing for a console that was away).
 */
export class LiveSocket {
  private socket: WebSocket | undefined;
  private retryMs = 500;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private nextRequest = 0;

  constructor(
    private readonly token: string,
    private readonly listener: { onFrame(frame: LiveFrame): void; onState(connected: boolean): void; onExpired(): void },
  ) {
    this.open();
  }

  private open(): void {
    const url = new URL(`/ws/attendance?token=${encodeURIComponent(this.token)}`, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.retryMs = 500;
      this.listener.onState(true);
    });
    socket.addEventListener('message', (event) => {
      try {
        this.listener.onFrame(JSON.parse(String(event.data)) as LiveFrame);
      } catch {
        // not JSON: not a frame of ours
      }
    });
    socket.addEventListener('close', (event) => {
      this.listener.onState(false);
      if (this.stopped) return;
      if (event.code === 4401 || event.code === 4403) return this.listener.onExpired();
      this.timer = setTimeout(() => this.open(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    });
  }

  /** Sends a frame when connected; returns its request id, or undefined when offline. */
  send(frame: Omit<LiveFrame, 'request_id'>): string | undefined {
    if (this.socket?.readyState !== WebSocket.OPEN) return undefined;
    const request_id = `c${++this.nextRequest}`;
    this.socket.send(JSON.stringify({ ...frame, request_id }));
    return request_id;
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }
}
