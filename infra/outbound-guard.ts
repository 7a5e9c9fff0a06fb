import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a bot's outbound requests may go (the SSRF guard): the one guard of the BASIC HTTP
 * keywords (script-host/host/http-effect.ts) and of the bot's language model (infra/llm). Scripts are
 * written by bot authors and fed by customers, so a URL must never reach the cloud provider's
 * metadata service (which hands out credentials), the server itself or the private network.
 *
 * Always refused: schemes other than http/https; the host names `metadata.google.internal` and
 * `metadata`; addresses in 169.254.0.0/16, fe80::/10, 0.0.0.0/8, `::`, 100.100.100.200 (Alibaba)
 * and fd00:ec2::254 (AWS IPv6), also when written as IPv4-mapped IPv6 (`::ffff:169.254.169.254`).
 *
 * Refused unless the owner of the setting allows private networks (the bot's
 * `http-allow-private-networks`, the process's `OUTBOUND_ALLOW_PRIVATE_NETWORKS`; docs/configuration.md):
 * 127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 100.64.0.0/10 (carrier-grade NAT), ::1,
 * fc00::/7 (unique-local), and the IPv6 forms that carry an IPv4 address to a translator: NAT64
 * (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32) — whichever IPv4 address
 * they hide. A bot that calls internal APIs or a model server on the same machine turns it on; the
 * IPv4 address inside a NAT64 or 6to4 address is then still held to the always-refused list.
 *
 * A host name is checked on every address it resolves to (one bad address refuses the call). The
 * HTTP keywords then connect to those checked addresses only (http-effect.ts pins them), so a DNS
 * answer that changes between check and connect (DNS rebinding) cannot slip through.
 */

/** The `code` of {@link HttpRefusedError}. */
export const OUTBOUND_REFUSED = 'ERR_OUTBOUND_REFUSED';

/** A request the guard refused before any connection was made. */
export class HttpRefusedError extends Error {
  override readonly name = 'HttpRefusedError';
  /** Like a system error's code, so it survives clients that keep only the code and message of a socket error (node-fetch). */
  readonly code = OUTBOUND_REFUSED;
}

/** The request was made but failed: network error, timeout, too large a response, too many redirects. */
export class HttpRequestError extends Error {
  override readonly name = 'HttpRequestError';
}

/** An address to connect to; `family` is 4 or 6. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses; dns.lookup (hosts file, then DNS) unless replaced in tests. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata']);

/** True for the host names of cloud metadata services, which are refused before any lookup. */
export function isMetadataHost(hostname: string): boolean {
  return METADATA_HOSTS.has(hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase());
}

/** Throws {@link HttpRefusedError} for a cloud metadata service's name, before any lookup. */
export function refuseMetadataHost(hostname: string): void {
  if (isMetadataHost(hostname)) throw new HttpRefusedError(`Requests to ${hostname} are not allowed (cloud metadata service)`);
}

/** Throws {@link HttpRefusedError} naming `target` when any of its addresses is refused (one bad address refuses the call). */
export function refuseAddresses(target: string, addresses: readonly { address: string }[], allowPrivateNetworks: boolean): void {
  for (const { address } of addresses) {
    const refusal = refusalOfAddress(address, allowPrivateNetworks);
    if (refusal) throw new HttpRefusedError(`Requests to ${target} are not allowed: ${refusal}`);
  }
}

const alwaysBlocked = blockList([
  ['169.254.0.0', 16, 'ipv4'], ['0.0.0.0', 8, 'ipv4'], ['100.100.100.200', 32, 'ipv4'],
  ['fe80::', 10, 'ipv6'], ['::', 128, 'ipv6'], ['fd00:ec2::254', 128, 'ipv6'],
]);
const privateBlocked = blockList([
  ['127.0.0.0', 8, 'ipv4'], ['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], ['::1', 128, 'ipv6'], ['fc00::', 7, 'ipv6'],
]);
const translatorBlocked = blockList([['64:ff9b::', 96, 'ipv6'], ['64:ff9b:1::', 48, 'ipv6'], ['2002::', 16, 'ipv6'], ['2001::', 32, 'ipv6']]);

function blockList(subnets: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, type] of subnets) list.addSubnet(network, prefix, type);
  return list;
}

export const resolveWithDns: ResolveHost = async (hostname) => {
  const addresses = await lookup(hostname, { all: true, verbatim: true });
  return addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Why an address is refused, or undefined when it may be used. */
export function refusalOfAddress(withZone: string, allowPrivateNetworks: boolean): string | undefined {
  const address = withZone.split('%')[0]!;
  const family = isIP(address);
  if (family === 0) return `"${address}" is not an IP address`;
  const mapped = family === 6 ? embeddedIpv4(address) : undefined;
  const [ip, type] = mapped ? [mapped, 'ipv4' as const] : [address, family === 4 ? ('ipv4' as const) : ('ipv6' as const)];
  if (alwaysBlocked.check(ip, type)) return `${address} is a link-local, metadata or unspecified address`;
  if (!allowPrivateNetworks && privateBlocked.check(ip, type)) return `${address} is a private or loopback address`;
  if (!allowPrivateNetworks && translatorBlocked.check(ip, type)) return `${address} is a NAT64, 6to4 or Teredo address (it may reach any IPv4 address)`;
  const translated = type === 'ipv6' ? translatedIpv4(ip) : undefined;
  if (translated && alwaysBlocked.check(translated, 'ipv4')) return `${address} translates to ${translated}, a link-local, metadata or unspecified address`;
  return undefined;
}

/** The IPv4 address a NAT64 (64:ff9b::/96, last 32 bits) or 6to4 (2002::/16, bits 16–48) address reaches. */
function translatedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const dotted = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return dotted(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return dotted(groups[1]!, groups[2]!);
  return undefined;
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups || groups.slice(0, 5).some((g) => g !== 0)) return undefined;
  if (groups[5] !== 0xffff && !(groups[5] === 0 && (groups[6] ?? 0) !== 0)) return undefined;
  const [hi, lo] = [groups[6] ?? 0, groups[7] ?? 0];
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail is understood). */
function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const groups = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * Checks a URL and resolves its host: the addresses to connect to, all allowed. Throws
 * {@link HttpRefusedError} before any connection (an IP literal or refused name needs no DNS).
 */
export async function checkTarget(url: URL, allowPrivateNetworks: boolean, resolve: ResolveHost): Promise<ResolvedAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpRefusedError(`Only http and https URLs are allowed, not ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  refuseMetadataHost(host);
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family !== 0) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      throw new HttpRequestError(`Cannot resolve host ${host}: ${(error as Error).message}`, { cause: error });
    }
    if (addresses.length === 0) throw new HttpRequestError(`Cannot resolve host ${host}: no addresses`);
  }
  refuseAddresses(url.host, addresses, allowPrivateNetworks);
  return addresses;
}
