import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * express's `trust proxy` as TRUST_PROXY gives it (docs/operations/reverse-proxy.md): how many
 * proxies stand in front, or which addresses are proxies. Only what a trusted proxy adds to
 * `X-Forwarded-For` is believed; unset, the client is whoever opened the connection.
 */
export type TrustProxy = number | string[];

const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`address/prefix`) or one of express's range names. */
function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  // A prefix of 0 would be every address; express refuses it too.
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: a hop count (`1`), or addresses, CIDR ranges and `loopback`/`linklocal`/
 * `uniquelocal` separated by commas. `true` is refused: it would believe any client's own
 * `X-Forwarded-For`, which is what the setting exists to prevent.
 */
export const TrustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy | undefined => {
    const value = raw?.trim();
    if (!value) return undefined;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyEntry(entry));
    if (wrong.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be a hop count, or addresses, CIDR ranges and loopback/linklocal/uniquelocal separated by commas; not ${wrong.map((w) => JSON.stringify(w)).join(', ')}`,
    });
    return z.NEVER;
  });
