import ipaddr from 'ipaddr.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';

/** What the admission looks at in an INVITE (docs/channels/rtc-sip.md, "Security"). */
export interface InviteFacts {
  /** The address the INVITE came from (UDP source, TCP peer). */
  sourceAddress: string;
  /** The dialled number: the request URI's user part, else the To's. */
  dialled: string | undefined;
  /** Calls this bot holds now, on this instance. */
  activeCalls(bot: string): number;
  /** Whether the INVITE carries valid digest credentials for these (nonce issued here). */
  hasValidDigest(credentials: { username: string; password: string }): boolean;
}

export type Admission =
  | { kind: 'accept'; bot: RtcSipBotSettings }
  | { kind: 'challenge' }
  | { kind: 'reject'; status: 403 | 404 | 486; reason: string };

/**
 * Which bot answers an INVITE, or why none does. Toll-fraud safety first: the dialled number must
 * be a bot's, and the source one of that bot's trunk addresses (else 403, and no media); then the
 * trunk's digest credentials, when it has them; then the bot's cap on concurrent calls (486).
 */
export function admitCall(bots: readonly RtcSipBotSettings[], invite: InviteFacts): Admission {
  const number = normaliseDialled(invite.dialled);
  const bot = number === undefined ? undefined : bots.find((b) => b.numbers.includes(number));
  // A number nobody answers, from an unknown source, is refused the same way: no probing of numbers.
  if (!bot) return fromAnyTrunk(bots, invite.sourceAddress) ? { kind: 'reject', status: 404, reason: 'Not Found' } : forbidden();
  if (!addressMatches(bot.trunk.addresses, invite.sourceAddress)) return forbidden();
  if (bot.trunk.credentials && !invite.hasValidDigest(bot.trunk.credentials)) return { kind: 'challenge' };
  if (invite.activeCalls(bot.bot) >= bot.maxCalls) return { kind: 'reject', status: 486, reason: 'Busy Here' };
  return { kind: 'accept', bot };
}

const forbidden = (): Admission => ({ kind: 'reject', status: 403, reason: 'Forbidden' });

function fromAnyTrunk(bots: readonly RtcSipBotSettings[], address: string): boolean {
  return bots.some((bot) => addressMatches(bot.trunk.addresses, address));
}

/** `+1 (555) 010-0` and `15550100` as the E.164 `+15550100`; carriers send either form. */
export function normaliseDialled(user: string | undefined): string | undefined {
  if (!user) return undefined;
  const digits = decodeURIComponent(user).replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{6,14}$/.test(digits)) return digits;
  if (/^[1-9]\d{6,14}$/.test(digits)) return `+${digits}`;
  return undefined;
}

/** Whether `address` is one of `allowed` (addresses and CIDR ranges; IPv4-mapped IPv6 counts as IPv4). */
export function addressMatches(allowed: readonly string[], address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  return allowed.some((entry) => {
    const [range, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.process(entry), undefined];
    if (range.kind() !== parsed.kind()) return false;
    return bits === undefined ? range.toString() === parsed.toString() : parsed.match([range, bits] as [typeof parsed, number]);
  });
}
