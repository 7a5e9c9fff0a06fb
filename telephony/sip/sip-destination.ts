/**
 * Where the requests of a call we place go: the host and port of a `sip:` URI (a trunk's
 * `outbound_proxy`), its host name resolved once to an address (no NAPTR or SRV lookup: name the
 * port when it is not 5060), and its transport (`;transport=tcp`, else the trunk's).
 */
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { parseSipUri } from './sip-uri.js';
import type { SipAddress } from './sip-transport.js';

export async function resolveSipDestination(uri: string, transport: SipAddress['transport']): Promise<SipAddress & { host: string }> {
  const parsed = parseSipUri(uri);
  if (parsed.scheme !== 'sip') throw new Error(`${uri}: only sip: URIs can be reached (no TLS)`);
  const host = parsed.host.replace(/^\[|\]$/g, '');
  const address = net.isIP(host) ? host : (await lookup(host)).address;
  const given = parsed.params.transport?.toLowerCase();
  return { host: parsed.host, address, port: parsed.port ?? 5060, transport: given === 'tcp' || given === 'udp' ? given : transport };
}
