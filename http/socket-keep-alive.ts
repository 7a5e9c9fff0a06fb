import type { WebSocket } from 'ws';

/** How long a socket asked to close (1001) gets before it is cut. */
const CLOSE_GRACE_MS = 1000;

/**
 * The connection upkeep both WebSocket endpoints share: every `intervalMs` each tracked socket is
 * pinged, and one that did not answer the previous ping is terminated (a vanished client leaves
 * no half-open socket behind); at shutdown every socket is asked to close and cut after a grace.
 */
export function keepAlive(intervalMs: number) {
  const alive = new Map<WebSocket, boolean>();
  const timer = setInterval(() => {
    for (const [ws, answered] of alive) {
      if (!answered) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, intervalMs);
  timer.unref();

  return {
    /** Open sockets being kept. */
    get size() {
      return alive.size;
    },
    /** Starts keeping `ws` until it closes. */
    track(ws: WebSocket): void {
      alive.set(ws, true);
      ws.on('pong', () => alive.set(ws, true));
      ws.once('close', () => alive.delete(ws));
    },
    /** Stops pinging and closes every socket with `code` (terminated after a grace period). */
    closeAll(code: number, reason: string): void {
      clearInterval(timer);
      for (const ws of alive.keys()) {
        ws.close(code, reason);
        setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
      }
    },
  };
}
