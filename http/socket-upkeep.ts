/** Upkeep shared by the WebSocket endpoints: heartbeat, bounded sends, refusal after the handshake, shutdown. */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, type WebSocketServer } from 'ws';

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

/** A client this far behind is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1 << 20;

/** Sends a frame to an open socket; a socket whose unsent frames pass the bound is terminated. */
export function sendBounded(ws: WebSocket, frame: string): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return void ws.terminate();
  ws.send(frame);
}

/**
 * Completes the handshake only to close with `code`: browsers cannot read the status of a refused
 * handshake, but they do see a close code.
 */
export function refuseAfterHandshake(wss: WebSocketServer, req: IncomingMessage, socket: Duplex, head: Buffer, code: number, reason: string): void {
  if (socket.destroyed) return;
  wss.handleUpgrade(req, socket, head, (ws) => ws.close(code, reason));
}
