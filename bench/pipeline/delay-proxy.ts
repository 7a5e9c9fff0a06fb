import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP proxy on 127.0.0.1 that holds every chunk for `delayMs` in each direction. */
export interface DelayProxy {
  /** The port it listens on (127.0.0.1). */
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Forwards connections to `target` and delays each chunk by `delayMs` on its way, in both
 * directions: a round trip through it costs 2 × `delayMs` more, as a database that far away
 * would (docs/performance.md, "Handoff round trips"). Chunks keep their order: timers of equal
 * delay fire in the order they were set. `delayMs` 0 forwards at once.
 */
export async function startDelayProxy(target: { host: string; port: number }, delayMs: number): Promise<DelayProxy> {
  const sockets = new Set<Socket>();
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (delayMs === 0) to.write(chunk);
      else setTimeout(() => to.write(chunk), delayMs);
    });
    // The end travels with the same delay, so it never overtakes the last chunks.
    from.on('end', () => (delayMs === 0 ? to.end() : setTimeout(() => to.end(), delayMs)));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), delayMs));
  };
  const server: Server = createServer((client) => {
    client.setNoDelay(true);
    const upstream = connect({ ...target, noDelay: true });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    port,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
