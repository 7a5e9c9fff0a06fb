import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { decodeJwt } from 'jose';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ATTENDANCE_LIVE_TOPIC, isRecipient, type AttendanceApi } from '../attendance/index.js';
import { hasAnyRole, type Principal, type TokenIssuer } from '../auth/index.js';
import { dependencyFaultOf } from '../infra/dependency-fault.js';
import { DomainError, ServiceUnavailableError } from '../infra/errors.js';
import type { EventBus } from '../infra/events/index.js';
import type { Logger } from '../infra/logger.js';
import { keepAlive, refuseAfterHandshake, sendBounded } from './socket-upkeep.js';
import { findUnstorableText } from './schemas/text.js';
import { ClientFrameSchema, LiveDeliverySchema, type AnswerFrame, type ClientFrame } from './schemas/attendance-socket.js';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../infra/json-depth.js';
import { currentTenant, DEFAULT_TENANT_ID, runAsTenant } from '../tenancy/index.js';

/** Where attendant consoles connect: `/ws/attendance?token=<access token of /api/auth/login>`. */
export const ATTENDANCE_SOCKET_PATH = '/ws/attendance';

/** Close codes of the console socket (4000–4999 are free for applications). */
export const ATTENDANCE_WS_CLOSE = { unauthorized: 4401, forbidden: 4403, unavailable: 1011, goingAway: 1001 } as const;

const ROLES = ['attendant', 'supervisor'] as const; // admins pass every role check
const MAX_CLIENT_FRAME_BYTES = 16 * 1024; // a message is at most 4096 characters; room for JSON and multi-byte text
const MAX_QUEUED_FRAMES = 32; // client frames run one at a time; beyond this many waiting, new ones are refused
const TYPING_INTERVAL_MS = 1000; // at most one typing notice per conversation and second reaches the customer

/** What the console socket needs. */
export interface AttendanceSocketDeps {
  tokens: Pick<TokenIssuer, 'verify'>;
  bus: EventBus;
  logger: Logger;
  /** What the console's frames run: commands, replies to the customer and typing notices, as the socket's user. */
  attendance: Pick<AttendanceApi, 'command' | 'relay' | 'typing' | 'cobrowse'>;
  /** A socket that has not answered the previous ping by the next one is dropped. Default 30 s. */
  heartbeatMs?: number;
  now?: () => Date;
}

/** The attached endpoint: how many consoles are connected, and the shutdown. */
export interface AttendanceSocketHandle {
  readonly connections: number;
  /** Refuses new connections, closes the open ones (1001) after their running frames, drops the subscription. */
  close(): Promise<void>;
}

interface Client {
  principal: Principal;
  /** Client frames run in order: each waits for the one before. */
  tail: Promise<void>;
  queued: number;
  typingAt: Map<string, number>;
}

/**
 * The attendant console's real-time half: pushes live events (new_conversation,
 * customer_message, conversation_assigned…) and runs what the console sends (commands, replies,
 * typing) as the token's user.
 *
 * The instance subscribes once to the `attendance.live` bus topic and hands each delivery to the
 * connected sockets among its recipients, so an event raised on any instance reaches the
 * attendant wherever they are connected. Connections wait for that subscription before the
 * handshake completes, and a socket is registered before the client sees `open`, so nothing
 * published after `open` is missed. A bad token is closed with 4401 and a user without an
 * attendance role with 4403, after the handshake (browsers cannot read a refused handshake's
 * status), as `/ws/web` does. Other upgrade paths are left alone.
 */
export function attachAttendanceSocket(server: Server, deps: AttendanceSocketDeps): AttendanceSocketHandle {
  const now = deps.now ?? (() => new Date());
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
  const clients = new Map<WebSocket, Client>();
  const sockets = keepAlive(deps.heartbeatMs ?? 30_000);
  const ended = new Set<Promise<void>>();
  let closing = false;

  const subscription: { settled: boolean; unsubscribe?: () => Promise<void> } = { settled: false };
  const subscribed = deps.bus.subscribe(ATTENDANCE_LIVE_TOPIC, (message) => deliver(message)).catch((err: unknown) => {
    deps.logger.error({ err }, 'attendance socket could not subscribe to live events');
    return undefined;
  });
  void subscribed.then((unsubscribe) => Object.assign(subscription, { settled: true, unsubscribe }));

  function deliver(message: unknown): void {
    const parsed = LiveDeliverySchema.safeParse(message);
    if (!parsed.success) return void deps.logger.warn({ issues: parsed.error.issues }, 'ignored a malformed live event');
    const frame = JSON.stringify(parsed.data.frame);
    // The event bus delivers in the publishing tenant's scope: a frame goes to that tenant's consoles only (docs/operations/tenants.md).
    const tenant = currentTenant();
    for (const [ws, client] of clients) {
      if ((client.principal.tenant_id ?? DEFAULT_TENANT_ID) === tenant && isRecipient(parsed.data.recipients, client.principal)) push(ws, frame);
    }
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== ATTENDANCE_SOCKET_PATH) return;
    if (closing) return void socket.destroy();
    socket.on('error', () => undefined); // a client vanishing mid-handshake is not our error
    accept(req, socket, head, url.searchParams.get('token')).catch((err: unknown) => {
      deps.logger.error({ err }, 'attendance socket upgrade failed');
      socket.destroy();
    });
  };

  async function accept(req: IncomingMessage, socket: Duplex, head: Buffer, token: string | null): Promise<void> {
    const principal = token ? await deps.tokens.verify(token).catch(() => undefined) : undefined;
    if (!principal) return refuse(req, socket, head, ATTENDANCE_WS_CLOSE.unauthorized, 'unauthorized');
    if (!hasAnyRole(principal, ROLES)) return refuse(req, socket, head, ATTENDANCE_WS_CLOSE.forbidden, 'forbidden');
    if (!(await subscribed)) return refuse(req, socket, head, ATTENDANCE_WS_CLOSE.unavailable, 'unavailable');
    if (closing || socket.destroyed) return void socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = { principal, tail: Promise.resolve(), queued: 0, typingAt: new Map() };
      clients.set(ws, client);
      const done = new Promise<void>((resolve) => {
        ws.once('close', () => {
          clients.delete(ws);
          void client.tail.finally(resolve); // shutdown waits for the frame still running
        });
      });
      ended.add(done);
      void done.then(() => ended.delete(done));
      sockets.track(ws);
      closeAtExpiry(ws, token!);
      ws.on('error', () => ws.terminate());
      ws.on('message', (data: RawData, isBinary: boolean) => enqueue(ws, client, data, isBinary));
    });
  }

  /** The token was checked at connect; the console is closed (4401) when it expires, as a request would be refused then. */
  function closeAtExpiry(ws: WebSocket, token: string): void {
    const { exp } = decodeJwt(token);
    if (exp === undefined) return;
    const timer = setTimeout(() => ws.close(ATTENDANCE_WS_CLOSE.unauthorized, 'token expired'), Math.max(0, exp * 1000 - Date.now()));
    timer.unref();
    ws.once('close', () => clearTimeout(timer));
  }

  function enqueue(ws: WebSocket, client: Client, data: RawData, isBinary: boolean): void {
    if (client.queued >= MAX_QUEUED_FRAMES) {
      return answer(ws, { type: 'error', error: 'too_many_frames', message: `At most ${MAX_QUEUED_FRAMES} frames may wait for an answer` });
    }
    client.queued++;
    client.tail = client.tail
      .then(() => handle(ws, client, isBinary ? undefined : rawText(data)))
      .catch((err: unknown) => {
        deps.logger.error({ err }, 'attendance socket frame failed');
        answer(ws, { type: 'error', error: 'internal_error', message: 'The frame could not be handled' });
      })
      .finally(() => void client.queued--);
  }

  async function handle(ws: WebSocket, client: Client, text: string | undefined): Promise<void> {
    let json: unknown;
    try {
      // The body limit of every route holds for frames too (infra/json-depth.ts): a deep frame is never parsed.
      json = text === undefined || exceedsJsonDepth(text) ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (json === undefined) return answer(ws, invalid(`Frames are JSON text, nested at most ${MAX_JSON_DEPTH} levels`));
    const unstorable = findUnstorableText(json);
    if (unstorable) return answer(ws, invalid(`${unstorable.path ? `${unstorable.path}: ` : ''}${unstorable.message}`, requestIdOf(json)));
    const parsed = ClientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      return answer(ws, invalid(`${where}${issue?.message ?? 'invalid frame'}`, requestIdOf(json)));
    }
    const frame = parsed.data;
    const echo = frame.request_id === undefined ? {} : { request_id: frame.request_id };
    try {
      // What a socket asks runs as its token's tenant, as an HTTP request does (http/route.ts).
      const reply = await runAsTenant(client.principal.tenant_id ?? DEFAULT_TENANT_ID, () => run(client, frame));
      if (reply) answer(ws, { ...reply, ...echo } as AnswerFrame);
    } catch (thrown) {
      // A dependency fault is `service_unavailable` with `retry_after`, as over HTTP (http/error-handler.ts).
      const error = thrown instanceof DomainError ? thrown : dependencyFaultOf(thrown);
      if (!error) throw thrown;
      const retry = error instanceof ServiceUnavailableError ? { retry_after: error.retryAfterSeconds } : {};
      answer(ws, { type: 'error', error: error.code, message: error.message, ...retry, ...echo });
    }
  }

  /** Does what the frame asks as the socket's user; resolves to the answer (none for typing). */
  async function run(client: Client, frame: ClientFrame): Promise<AnswerFrame | undefined> {
    const actor = client.principal;
    switch (frame.type) {
      case 'command': {
        const result = await deps.attendance.command({ actor, text: frame.text, ...(frame.session_id ? { sessionId: frame.session_id } : {}) });
        return { type: 'command_result', ...result };
      }
      case 'message': {
        const row = await deps.attendance.relay({ actor, text: frame.text, sessionId: frame.session_id });
        return { type: 'message_sent', session_id: row.session_id, status: row.status };
      }
      case 'typing': {
        const at = now();
        const last = client.typingAt.get(frame.session_id);
        if (last !== undefined && at.getTime() - last < TYPING_INTERVAL_MS) return undefined;
        await deps.attendance.typing(actor, frame.session_id); // only the holder's typing is shown
        client.typingAt.set(frame.session_id, at.getTime());
        return undefined;
      }
      // Co-browse (docs/attendance/co-browse.md): only the holder may ask, point or resync.
      case 'cobrowse_request': {
        const { cobrowse_id } = await deps.attendance.cobrowse.request(actor, frame.session_id);
        return { type: 'cobrowse_requested', session_id: frame.session_id, cobrowse_id };
      }
      case 'cobrowse_pointer':
        return void (await deps.attendance.cobrowse.point(actor, frame.session_id, frame.cobrowse_id, frame.x, frame.y));
      case 'cobrowse_resync':
        return void (await deps.attendance.cobrowse.resync(actor, frame.session_id, frame.cobrowse_id));
      case 'cobrowse_end':
        return void (await deps.attendance.cobrowse.end(actor, frame.session_id, frame.cobrowse_id));
    }
  }

  function answer(ws: WebSocket, frame: AnswerFrame): void {
    push(ws, JSON.stringify(frame));
  }

  const push = sendBounded;
  const refuse = (req: IncomingMessage, socket: Duplex, head: Buffer, code: number, reason: string) =>
    refuseAfterHandshake(wss, req, socket, head, code, reason);

  server.on('upgrade', onUpgrade);

  return {
    get connections() {
      return clients.size;
    },
    async close() {
      closing = true;
      server.off('upgrade', onUpgrade);
      sockets.closeAll(ATTENDANCE_WS_CLOSE.goingAway, 'server shutting down');
      await Promise.all(ended);
      // A subscription still pending (Redis down) must not hold the shutdown: it is dropped when it lands.
      const drop = (unsubscribe: (() => Promise<void>) | undefined) =>
        unsubscribe?.().catch((err: unknown) => deps.logger.warn({ err }, 'attendance socket unsubscribe failed'));
      if (subscription.settled) await drop(subscription.unsubscribe);
      else void subscribed.then(drop);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function invalid(message: string, requestId?: string): AnswerFrame {
  return { type: 'error', error: 'invalid_frame', message, ...(requestId === undefined ? {} : { request_id: requestId }) };
}

/** The request id of a frame that failed validation, when it carried a usable one, so the client can still match the error. */
function requestIdOf(json: unknown): string | undefined {
  const id = (json as { request_id?: unknown } | null)?.request_id;
  return typeof id === 'string' && id.length <= 128 ? id : undefined;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}
