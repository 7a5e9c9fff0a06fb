import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP listener on 127.0.0.1 that only counts the connections it gets (and closes them): the
 * target of a request the outbound guard must refuse (docs/architecture.md, "Outbound requests").
 * Zero connections proves the server never reached it, whatever the client reported.
 */
export interface ConnectionCounter {
  port: number;
  readonly connections: number;
  close(): Promise<void>;
}

export async function startConnectionCounter(): Promise<ConnectionCounter> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
