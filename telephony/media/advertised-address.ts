import { networkInterfaces } from 'node:os';

/**
 * The address a call's SDP gives the far end for our RTP: the configured public address behind
 * NAT, else the bind address, else (bound to all interfaces) the first external IPv4 address of
 * this machine, since 0.0.0.0 in SDP would mean "hold".
 */
export function advertisedAddress(host: string, publicAddress?: string): string {
  if (publicAddress) return publicAddress;
  if (host !== '0.0.0.0' && host !== '::') return host;
  const external = Object.values(networkInterfaces())
    .flat()
    .find((info) => info && info.family === 'IPv4' && !info.internal);
  return external?.address ?? '127.0.0.1';
}
