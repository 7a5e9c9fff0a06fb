import { createSocket, type Socket } from 'node:dgram';
import { ServiceUnavailableError } from '../../infra/errors.js';

/** Ports this process holds for calls: skipped without a failed bind. */
const claimed = new Set<number>();

/**
 * A UDP socket for a call's RTP, bound on `host` to a free even port of `range` (RTP takes the even
 * port and leaves the odd one above it to RTCP, RFC 3550 §11), starting at a random place so that
 * consecutive calls do not reuse a port the far end may still send to. No range, or a range from
 * 0, binds any free port. `release` gives the port back (after the socket is closed).
 */
export async function bindRtpPort(host: string, range?: { min: number; max: number }): Promise<{ socket: Socket; port: number; release: () => void }> {
  const type = host.includes(':') ? 'udp6' : 'udp4';
  if (!range || range.min === 0) {
    const socket = await tryBind(type, host, 0);
    if (!socket) throw new ServiceUnavailableError('could not bind a UDP port for RTP');
    return { socket, port: socket.address().port, release: () => undefined };
  }
  const first = range.min + (range.min % 2);
  const count = Math.max(0, Math.floor((range.max - first) / 2) + 1);
  const offset = Math.floor(Math.random() * count);
  for (let i = 0; i < count; i++) {
    const port = first + ((offset + i) % count) * 2;
    if (claimed.has(port)) continue;
    claimed.add(port);
    const socket = await tryBind(type, host, port);
    if (socket) return { socket, port, release: () => claimed.delete(port) };
    claimed.delete(port);
  }
  throw new ServiceUnavailableError(`no free RTP port between ${range.min} and ${range.max}`);
}

function tryBind(type: 'udp4' | 'udp6', host: string, port: number): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = createSocket({ type });
    const failed = (): void => {
      try {
        socket.close();
      } catch {
        // Never bound: nothing to close.
      }
      resolve(undefined);
    };
    socket.once('error', failed);
    socket.bind(port, host, () => {
      socket.off('error', failed);
      resolve(socket);
    });
  });
}
