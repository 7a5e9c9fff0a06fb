import { readFile } from 'node:fs/promises';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * The SIP trunks calls may come from (docs/channels/rtc-sip.md, "Trunks"): the deployment's, in one
 * JSON file (`SIP_TRUNKS_FILE`), named by the bots' `sip-trunk-name`. A password is never written
 * in the file: `password_env` names the environment variable that holds it.
 */
const AddressSchema = z.string().trim().refine((raw) => {
  try {
    if (raw.includes('/')) ipaddr.parseCIDR(raw);
    else ipaddr.parse(raw);
    return true;
  } catch {
    return false;
  }
}, 'expected an IP address or a CIDR range such as 203.0.113.0/24');

export const SipTrunkSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** Where the trunk's INVITEs come from; anything else is refused. */
  addresses: z.array(AddressSchema).min(1),
  /** When set, INVITEs must also pass a digest challenge with these credentials. */
  username: z.string().min(1).optional(),
  password_env: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'expected an environment variable name such as SIP_CARRIER_PASSWORD').optional(),
  transport: z.enum(['udp', 'tcp', 'tls']).default('udp'),
  /** Where the calls the bots place are sent (docs/channels/rtc-sip.md, "Outbound calls"). */
  outbound_proxy: z.string().regex(/^sips?:/, 'expected a sip: URI').optional(),
}).refine((t) => (t.username === undefined) === (t.password_env === undefined), 'username and password_env go together');

const SipTrunksFileSchema = z.object({ trunks: z.array(SipTrunkSchema) });

/** A trunk as the rtc_sip channel needs it: the password read from its variable. */
export interface SipTrunk {
  name: string;
  addresses: string[];
  credentials?: { username: string; password: string };
  transport: 'udp' | 'tcp' | 'tls';
  outbound_proxy?: string;
}

/** Thrown when the trunks file cannot be used; the message names the file and what is wrong. */
export class SipTrunksError extends Error {}

/** The trunks of `file`; none when it does not exist. */
export async function loadSipTrunks(file: string, env: NodeJS.ProcessEnv = process.env): Promise<SipTrunk[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SipTrunksError(`${file}: not JSON (${(error as Error).message})`);
  }
  const parsed = SipTrunksFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new SipTrunksError(`${file}:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const names = new Set<string>();
  return parsed.data.trunks.map((trunk) => {
    if (names.has(trunk.name)) throw new SipTrunksError(`${file}: trunk "${trunk.name}" is defined twice`);
    names.add(trunk.name);
    let credentials: SipTrunk['credentials'];
    if (trunk.username !== undefined && trunk.password_env !== undefined) {
      const password = env[trunk.password_env];
      if (!password) throw new SipTrunksError(`${file}: trunk "${trunk.name}" needs its password in ${trunk.password_env}, which is not set`);
      credentials = { username: trunk.username, password };
    }
    return {
      name: trunk.name, addresses: trunk.addresses, transport: trunk.transport,
      ...(credentials ? { credentials } : {}), ...(trunk.outbound_proxy ? { outbound_proxy: trunk.outbound_proxy } : {}),
    };
  });
}
