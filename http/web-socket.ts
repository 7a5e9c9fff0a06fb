import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { VisitorClaims, VisitorTokens } from '../adapters/index.js';
import type { CobrowseSignal } from '../attendance/index.js';
import { sessionOutboundTopic } from '../engine/index.js';
import type { EventBus } from '../infra/events/index.js';
import { ForbiddenError, NotFoundError } from '../infra/errors.js';
import { exceedsJsonDepth } from '../infra/json-depth.js';
import type { Logger } from '../infra/logger.js';
import { runAsTenant } from '../tenancy/index.js';
import { keepAlive, refuseAfterHandshake, sendBounded } from './socket-upkeep.js';
import { splitTenantAddress, type PublicTenantResolver } from './tenant-address.js';
import { VisitorFrameSchema } from './schemas/web-socket.js';
import { cobrowseSignalOf, visitorCobrowse, type VisitorCobrowsePort } from './web-socket-cobrowse.js';

/** Where browsers connect: `/ws/web?session_token=…`. */
export const WEB_SOCKET_PATH = '/ws/web';

/** Close codes of the web socket (4000–4999 are free for applications). */
export const WS_CLOSE = { unauthorized: 4401, forbidden: 4403, notFound: 4404, unavailable: 1011, goingAway: 1001 } as const;

// Clients say they are typing, and during a co-browse send their page's events in parts of at most
// 16,000 characters (docs/attendance/co-browse.md); bigger frames are refused.
const MAX_CLIENT_FRAME_BYTES = 64 * 1024;

/** What the web socket needs. */
export interface WebSocketDeps {
  visitorTokens: VisitorTokens;
  bus: EventBus;
  logger: Logger;
  /** A socket that has not answered the previous ping by the next one is dropped. Default 30 s. */
  heartbeatMs?: number;
  /** The visitor is typing (`{"type":"typing"}` from the widget), at most once a second per socket; tells the attendant. */
  onTyping?: (sessionId: string) => Promise<void>;
  /** The widget's side of co-browse (docs/attendance/co-browse.md); without it co-browse frames are ignored. */
  cobrowse?: VisitorCobrowsePort;
  /**
   * The tenant a socket is for, by the rules of the public addresses (docs/operations/tenants.md,
   * "Routing"): its `/t/{tenant}/ws/web` address's, or its token's bot's. Without it every socket is the default tenant's.
   */
  tenantOf?: PublicTenantResolver;
}

const TYPING_EVERY_MS = 1000;

/** The attached endpoint: how many browsers are connected, and the shutdown. */
export interface WebSocketHandle {
  readonly connections: number;
  /** Refuses new connections, closes the open ones (1001) and drops their subscriptions. */
  close(): Promise<void>;
}

/**
 * The web channel's push half: each connection subscribes to its session's outbound topic on the
 * event bus, so a reply committed on any instance reaches the browser, whoever sent it (bot,
 * attendant, system). Frames are `{type:"message", from, text, suggestions?, attachments?, at}`.
 *
 * The session comes from the token: the POST answer's token carries the session id, so a client
 * connects after its first message and reconnects when an answer brings a new token (a new
 * session). The subscription is active before the handshake completes, so nothing published after
 * the client's `open` is missed. A bad token is closed with 4401 (after the handshake, because
 * browsers cannot read the status of a refused handshake). Other upgrade paths are left alone.
 */
export function attachWebSocket(server: Server, deps: WebSocketDeps): WebSocketHandle {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
  const sockets = keepAlive(deps.heartbeatMs ?? 30_000);
  const ended = new Set<Promise<void>>();
  let closing = false;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { slug, rest } = splitTenantAddress(req.url ?? '/');
    const url = new URL(rest, 'http://localhost');
    if (url.pathname !== WEB_SOCKET_PATH) return;
    if (closing) {
      socket.destroy();
      return;
    }
    socket.on('error', () => undefined); // a client vanishing mid-handshake is not our error
    accept(req, socket, head, url.searchParams.get('session_token'), slug).catch((err: unknown) => {
      deps.logger.error({ err }, 'web socket upgrade failed');
      socket.destroy();
    });
  };

  async function accept(req: IncomingMessage, socket: Duplex, head: Buffer, token: string | null, slug: string | undefined): Promise<void> {
    const claims = token ? await deps.visitorTokens.verify(token).catch(() => undefined) : undefined;
    if (!claims?.session_id) return refuse(req, socket, head, WS_CLOSE.unauthorized, 'unauthorized');
    const tenant = await tenantOf(slug, claims.bot);
    if (typeof tenant === 'object') return refuse(req, socket, head, tenant.code, tenant.reason);
    // What the visitor's frames start (the typing notice, co-browse) is its tenant's work; a socket's
    // events do not carry the scope they were listened for in, so each handler enters it.
    const inTenant = <T>(work: () => T): T => (tenant === undefined ? work() : runAsTenant(tenant, work));
    return inTenant(() => open(req, socket, head, claims, inTenant));
  }

  /** The socket's tenant: undefined for the default tenant; an unknown tenant is 4404, a suspended one 4403. */
  async function tenantOf(slug: string | undefined, bot: string): Promise<string | undefined | { code: number; reason: string }> {
    try {
      return (await deps.tenantOf?.(slug, bot)) ?? undefined;
    } catch (error) {
      if (error instanceof NotFoundError) return { code: WS_CLOSE.notFound, reason: 'not_found' };
      if (error instanceof ForbiddenError) return { code: WS_CLOSE.forbidden, reason: 'forbidden' };
      throw error;
    }
  }

  async function open(req: IncomingMessage, socket: Duplex, head: Buffer, claims: VisitorClaims, inTenant: <T>(work: () => T) => T): Promise<void> {
    const sessionId = claims.session_id!;
    let target: WebSocket | undefined;
    const cobrowse = deps.cobrowse ? visitorCobrowse(sessionId, deps.cobrowse, (frame) => target && push(target, frame), deps.logger) : undefined;
    const subscription = await subscribe(claims as Required<VisitorClaims>, cobrowse?.signal).catch((err: unknown) => {
      deps.logger.error({ err }, 'web socket could not subscribe to its session');
      return undefined;
    });
    if (!subscription) return refuse(req, socket, head, WS_CLOSE.unavailable, 'unavailable');
    if (closing || socket.destroyed) return void (await subscription.unsubscribe());
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.track(ws);
      target = ws;
      const done = new Promise<void>((resolve) => {
        ws.once('close', () => {
          inTenant(() => Promise.all([subscription.unsubscribe(), cobrowse?.close()]))
            .catch((err: unknown) => deps.logger.warn({ err }, 'web socket unsubscribe failed')).finally(resolve);
        });
      });
      ended.add(done);
      void done.then(() => ended.delete(done));
      ws.on('error', () => ws.terminate());
      const listener = clientListener(sessionId, cobrowse);
      ws.on('message', (data: unknown, isBinary: boolean) => inTenant(() => listener(data, isBinary)));
      subscription.attach(ws);
    });
  }

  /** Subscribes first and buffers what arrives until the socket exists, so nothing falls in between. */
  async function subscribe(claims: Required<VisitorClaims>, cobrowseSignal?: (signal: CobrowseSignal) => string | undefined) {
    let target: WebSocket | undefined;
    const pending: string[] = [];
    const unsubscribe = await deps.bus.subscribe(sessionOutboundTopic(claims.session_id), (message) => {
      const signal = cobrowseSignalOf(message);
      const frame = signal ? cobrowseSignal?.(signal) : toFrame(message);
      if (frame === undefined) return;
      if (target) push(target, frame);
      else pending.push(frame);
    });
    return {
      unsubscribe,
      attach(ws: WebSocket) {
        target = ws;
        for (const frame of pending.splice(0)) push(ws, frame);
      },
    };
  }

  /**
   * What a visitor sends: `{"type":"typing"}` (notices within a second of the last are ignored) and
   * the co-browse frames; anything else is ignored.
   */
  function clientListener(sessionId: string, cobrowse: ReturnType<typeof visitorCobrowse> | undefined) {
    let last = 0;
    return (data: unknown, isBinary: boolean) => {
      if (isBinary) return;
      const parsed = VisitorFrameSchema.safeParse(json(String(data)));
      if (!parsed.success) return;
      const frame = parsed.data;
      if (frame.type !== 'typing') return cobrowse?.frame(frame);
      if (!deps.onTyping || Date.now() - last < TYPING_EVERY_MS) return;
      last = Date.now();
      deps.onTyping(sessionId).catch((err: unknown) => deps.logger.warn({ err }, 'web socket typing notice failed'));
    };
  }

  const push = sendBounded;
  const refuse = (req: IncomingMessage, socket: Duplex, head: Buffer, code: number, reason: string) =>
    refuseAfterHandshake(wss, req, socket, head, code, reason);

  server.on('upgrade', onUpgrade);

  return {
    get connections() {
      return sockets.size;
    },
    async close() {
      closing = true;
      server.off('upgrade', onUpgrade);
      sockets.closeAll(WS_CLOSE.goingAway, 'server shutting down');
      await Promise.all(ended);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** The JSON value of a text frame; undefined for anything else. */
function json(text: string): unknown {
  try {
    // The body limit of every route holds for frames too (infra/json-depth.ts): a deep frame is never parsed.
    return exceedsJsonDepth(text) ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * The browser's view of what is published on the session's topic: outbound messages, and typing
 * notices (`{type:"typing", from, at}`, e.g. the attendant typing in the console). Anything else
 * on the topic is not forwarded.
 */
function toFrame(message: unknown): string | undefined {
  const m = message as { type?: unknown; from?: unknown; text?: unknown; suggestions?: unknown; attachments?: unknown; at?: unknown } | null;
  if (m?.type === 'typing' && typeof m.from === 'string' && typeof m.at === 'string') return JSON.stringify({ type: 'typing', from: m.from, at: m.at });
  if (m?.type !== 'message' || typeof m.from !== 'string' || typeof m.text !== 'string' || typeof m.at !== 'string') return undefined;
  const suggestions = Array.isArray(m.suggestions) && m.suggestions.length > 0 ? { suggestions: m.suggestions } : {};
  const files = frameAttachments(m.attachments);
  return JSON.stringify({ type: 'message', from: m.from, text: m.text, ...suggestions, ...(files.length ? { attachments: files } : {}), at: m.at });
}

/**
 * A message's files as the widget shows them (kind, link, name, media type, and `voice` for the
 * spoken audio it plays: docs/channels/web.md, "Voice"); anything else published with them stays on the server.
 */
function frameAttachments(given: unknown): { type: string; url: string; name?: string; mime_type?: string; voice?: true }[] {
  if (!Array.isArray(given)) return [];
  return (given as { type?: unknown; url?: unknown; name?: unknown; mime_type?: unknown; voice?: unknown }[]).flatMap((a) =>
    typeof a?.type === 'string' && typeof a.url === 'string'
      ? [{
        type: a.type, url: a.url, ...(typeof a.name === 'string' ? { name: a.name } : {}), ...(typeof a.mime_type === 'string' ? { mime_type: a.mime_type } : {}),
        ...(a.voice === true ? { voice: true as const } : {}),
      }]
      : []);
}
