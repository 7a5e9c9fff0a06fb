import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Principal, TokenIssuer } from '../auth/index.js';
import type { EventBus } from '../infra/events/index.js';
import type { Logger } from '../infra/logger.js';
import { InboxDeliverySchema, NOTIFICATIONS_INBOX_TOPIC } from '../notifications/index.js';
import { keepAlive, refuseAfterHandshake, sendBounded } from './socket-upkeep.js';

/** Where a signed-in user's inbox connects: `/ws/notifications?token=<access token>`. */
export const NOTIFICATIONS_SOCKET_PATH = '/ws/notifications';
const CLOSE = { unauthorized: 4401, unavailable: 1011, goingAway: 1001 } as const;

export interface NotificationsSocketDeps {
  tokens: Pick<TokenIssuer, 'verify'>;
  bus: EventBus;
  logger: Logger;
  /** The user's unread in-app count, sent with every frame. */
  unreadCount(userId: string): Promise<number>;
  /** Notes the user's activity (the `last_active` broadcast filter). */
  touch(userId: string): Promise<void>;
  heartbeatMs?: number;
}

export interface NotificationsSocketHandle {
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * The in-app inbox's live half (docs/notifications.md, "Inbox socket"): on connect the user gets
 * `{type: "ready", unread_count}`, then `{type: "notification", notification, unread_count}` for
 * each in-app notification delivered to them on any instance (the `notifications.inbox` bus
 * topic). Read-only: marking read goes through the REST API. Bad tokens close with 4401 after the
 * handshake, as `/ws/attendance` does.
 */
export function attachNotificationsSocket(server: Server, deps: NotificationsSocketDeps): NotificationsSocketHandle {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const byUser = new Map<string, Set<WebSocket>>();
  const sockets = keepAlive(deps.heartbeatMs ?? 30_000);
  let closing = false;
  let count = 0;

  let unsubscribe: (() => Promise<void>) | undefined;
  let settled = false;
  const subscribed = deps.bus.subscribe(NOTIFICATIONS_INBOX_TOPIC, (message) => deliver(message)).catch((err: unknown) => {
    deps.logger.error({ err }, 'notifications socket could not subscribe');
    return undefined;
  }).then((u) => {
    settled = true;
    unsubscribe = u;
    return u;
  });

  async function deliver(message: unknown): Promise<void> {
    const parsed = InboxDeliverySchema.safeParse(message);
    if (!parsed.success) return void deps.logger.warn({ issues: parsed.error.issues }, 'ignored a malformed inbox delivery');
    for (const userId of parsed.data.user_ids) {
      const open = byUser.get(userId);
      if (!open || open.size === 0) continue;
      const frame = JSON.stringify({ type: 'notification', notification: parsed.data.notification, unread_count: await deps.unreadCount(userId) });
      for (const ws of open) sendBounded(ws, frame);
    }
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== NOTIFICATIONS_SOCKET_PATH) return;
    if (closing) return void socket.destroy();
    socket.on('error', () => undefined);
    accept(req, socket, head, url.searchParams.get('token')).catch((err: unknown) => {
      deps.logger.error({ err }, 'notifications socket upgrade failed');
      socket.destroy();
    });
  };

  async function accept(req: IncomingMessage, socket: Duplex, head: Buffer, token: string | null): Promise<void> {
    const principal: Principal | undefined = token ? await deps.tokens.verify(token).catch(() => undefined) : undefined;
    if (!principal) return refuseAfterHandshake(wss, req, socket, head, CLOSE.unauthorized, 'unauthorized');
    if (!(await subscribed)) return refuseAfterHandshake(wss, req, socket, head, CLOSE.unavailable, 'unavailable');
    const unread = await deps.unreadCount(principal.user_id);
    await deps.touch(principal.user_id);
    if (closing || socket.destroyed) return void socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const open = byUser.get(principal.user_id) ?? new Set<WebSocket>();
      byUser.set(principal.user_id, open);
      open.add(ws);
      count++;
      sockets.track(ws);
      ws.on('error', () => ws.terminate());
      ws.once('close', () => {
        count--;
        open.delete(ws);
        if (open.size === 0) byUser.delete(principal.user_id);
      });
      sendBounded(ws, JSON.stringify({ type: 'ready', unread_count: unread }));
    });
  }

  server.on('upgrade', onUpgrade);
  return {
    get connections() {
      return count;
    },
    async close() {
      closing = true;
      server.off('upgrade', onUpgrade);
      sockets.closeAll(CLOSE.goingAway, 'server shutting down');
      // A subscription still pending (Redis down) must not hold the shutdown: it is dropped when it lands.
      const drop = (u: (() => Promise<void>) | undefined) =>
        u?.().catch((err: unknown) => deps.logger.warn({ err }, 'notifications socket unsubscribe failed'));
      if (settled) await drop(unsubscribe);
      else void subscribed.then(drop);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
