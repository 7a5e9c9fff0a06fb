import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { bindRtpPort } from './rtp-port.js';

/** A UDP socket on 127.0.0.1 at a port the system chose: an even one, so a range can start there. */
async function evenPortSocket(): Promise<Socket> {
  for (;;) {
    const socket = createSocket('udp4');
    socket.bind(0, '127.0.0.1');
    await once(socket, 'listening');
    if (socket.address().port % 2 === 0) return socket;
    socket.close();
  }
}

describe('bindRtpPort', () => {
  test('no range: any free port on the host', async () => {
    const { socket, port, release } = await bindRtpPort('127.0.0.1');
    expect(socket.address()).toMatchObject({ address: '127.0.0.1', port });
    socket.close();
    release();
  });

  test('a range: an even port in it, skipping one that is taken and one this process holds', async () => {
    const taken = await evenPortSocket();
    const base = taken.address().port;
    const range = { min: base, max: base + 4 };
    const first = await bindRtpPort('127.0.0.1', range);
    const second = await bindRtpPort('127.0.0.1', range);
    try {
      expect([first.port, second.port].sort()).toEqual([base + 2, base + 4]);
      await expect(bindRtpPort('127.0.0.1', range)).rejects.toThrow(/no free RTP port/);
    } finally {
      for (const bound of [first, second]) {
        bound.socket.close();
        bound.release();
      }
      taken.close();
    }
  });

  test('an odd lower bound starts at the next even port', async () => {
    const taken = await evenPortSocket();
    const base = taken.address().port;
    taken.close();
    const bound = await bindRtpPort('127.0.0.1', { min: base - 1, max: base });
    expect(bound.port).toBe(base);
    bound.socket.close();
    bound.release();
  });
});
