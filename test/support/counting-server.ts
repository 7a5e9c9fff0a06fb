import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server on 127.0.0.1 that counts the connections made to it: where a refused client must never arrive. */
export interface CountingServer {
  /** `http://127.0.0.1:{port}`. */
  readonly url: string;
  /** Connections opened so far. */
  connections(): number;
  close(): Promise<void>;
}

/** Starts one on port 0; it answers every request `200 {}`, so an unguarded client would get through. */
export async function startCountingServer(): Promise<CountingServer> {
  let connections = 0;
  const server = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }).end('{}'); });
  server.on('connection', () => { connections += 1; });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
