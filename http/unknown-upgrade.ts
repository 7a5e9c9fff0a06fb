import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { splitTenantAddress } from './tenant-address.js';

/**
 * Answers 404 and closes a WebSocket upgrade on a path no endpoint serves. Without it the socket
 * would stay open unanswered, outside the HTTP server's own connection list, and a graceful
 * shutdown would wait for it forever. `served` lists the endpoints' paths; those of `servedUnderTenants`
 * are served under a tenant's address too (`/t/{tenant}/…`, docs/operations/tenants.md, "Routing").
 */
export function refuseUnknownUpgrades(server: Server, served: readonly string[], servedUnderTenants: readonly string[] = []): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (served.includes(pathname)) return;
    const { slug, rest } = splitTenantAddress(pathname);
    if (slug !== undefined && servedUnderTenants.includes(rest)) return;
    const body = JSON.stringify({ error: 'not_found', message: `No WebSocket endpoint at ${pathname}` });
    socket.on('error', () => undefined);
    socket.end(
      `HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
}
