import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { MEET_SOCKET_PATH, MEET_WS_CLOSE, type HubPeer, type MeetingsService } from '../meetings/index.js';
import type { Logger } from '../infra/logger.js';
import { keepAlive, refuseAfterHandshake, sendBounded } from './socket-upkeep.js';
import { MeetClientFrameSchema } from './schemas/meetings.js';
import { exceedsJsonDepth } from '../infra/json-depth.js';

export { MEET_SOCKET_PATH };

// An SDP offer with a few codecs and candidates stays well under this.
const MAX_FRAME_BYTES = 64 * 1024;

export interface MeetSocketHandle {
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * `WS /api/meet/ws?token=<join token>`: the embedded provider's signalling (docs/meetings.md,
 * "Embedded"). The token of `POST /api/meet/rooms/{id}/join` names the room; an invalid token is
 * closed with 4401, an ended or expired room with 4410, a full room with 4409 (after the
 * handshake, so browsers see the code). Peers of one room must reach the same instance
 * (docs/meetings.md, "Limits").
 */
export function attachMeetSocket(server: Server, deps: { meetings: MeetingsService; logger: Logger; heartbeatMs?: number }): MeetSocketHandle {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sockets = keepAlive(deps.heartbeatMs ?? 30_000);
  const { hub, admit } = deps.meetings.signalling;
  let closing = false;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== MEET_SOCKET_PATH) return;
    if (closing) return void socket.destroy();
    socket.on('error', () => undefined);
    accept(req, socket, head, url.searchParams.get('token') ?? '').catch((err: unknown) => {
      deps.logger.error({ err }, 'meeting socket upgrade failed');
      socket.destroy();
    });
  };

  async function accept(req: IncomingMessage, socket: Duplex, head: Buffer, token: string): Promise<void> {
    const admitted = await admit(token);
    if ('refuse' in admitted) return refuseAfterHandshake(wss, req, socket, head, admitted.refuse, admitted.reason);
    if (closing || socket.destroyed) return void socket.destroy();
    const { claims, max } = admitted;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const peer: HubPeer = {
        // One identity may open the page twice (two tabs): each socket is its own peer.
        id: `${claims.identity}#${randomUUID().slice(0, 8)}`,
        name: claims.name,
        send: (frame) => sendBounded(ws, JSON.stringify(frame)),
        close: (code, reason) => ws.close(code, reason),
      };
      if (!hub.join(claims.room, peer, max)) return void ws.close(MEET_WS_CLOSE.full, 'the room is full');
      sockets.track(ws);
      const expiry = setTimeout(() => ws.close(MEET_WS_CLOSE.gone, 'token expired'), Math.max(0, claims.exp * 1000 - Date.now()));
      expiry.unref();
      ws.once('close', () => {
        clearTimeout(expiry);
        hub.leave(claims.room, peer.id);
      });
      ws.on('error', () => ws.terminate());
      ws.on('message', (data: RawData, isBinary: boolean) => handle(ws, claims.room, peer.id, isBinary ? undefined : data.toString()));
    });
  }

  function handle(ws: WebSocket, room: string, from: string, text: string | undefined): void {
    let json: unknown;
    try {
      // As for every request body (infra/json-depth.ts): a deep frame is never parsed, let alone relayed.
      json = text === undefined || exceedsJsonDepth(text) ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const frame = MeetClientFrameSchema.safeParse(json);
    if (!frame.success) return sendBounded(ws, JSON.stringify({ type: 'error', error: 'invalid_frame', message: 'Frames are JSON: {type:"signal",to,data} or {type:"screen",on}' }));
    if (frame.data.type === 'screen') return hub.screen(room, from, frame.data.on);
    if (!hub.signal(room, from, frame.data.to, frame.data.data)) {
      sendBounded(ws, JSON.stringify({ type: 'error', error: 'peer_not_found', message: `No peer ${frame.data.to} in this room` }));
    }
  }

  server.on('upgrade', onUpgrade);
  return {
    get connections() {
      return sockets.size;
    },
    async close() {
      closing = true;
      server.off('upgrade', onUpgrade);
      sockets.closeAll(MEET_WS_CLOSE.goingAway, 'server shutting down');
      hub.closeAll(MEET_WS_CLOSE.goingAway, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
