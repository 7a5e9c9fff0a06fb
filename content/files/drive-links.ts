import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a link SEND FILE gives the customer opens its file (docs/content.md, "The bot drive"): 7 days. */
export const DRIVE_LINK_TTL_SECONDS = 7 * 86_400;

/** The path of the download route, before the bot and the file's path. */
export const DRIVE_LINK_PATH = '/api/drive/files';

/** A link as the download route receives it: the drive file and the query's expiry and signature. */
export interface DriveLinkRequest {
  bot: string;
  path: string;
  /** Unix time in seconds after which the link no longer opens. */
  expires: number;
  signature: string;
}

/** What a link's signature and expiry say: only a link signed here and not yet expired opens its file. */
export type DriveLinkCheck = 'valid' | 'expired' | 'forged';

export interface DriveLinks {
  /** The absolute download link to the bot's drive file at `path` (already normalised), valid for the TTL from now. */
  url(bot: string, path: string): string;
  check(link: DriveLinkRequest): DriveLinkCheck;
  /**
   * The link `url` gave, read back: its bot, path, expiry and signature, or undefined when it is
   * not a link to this service's drive route (another host, another route, a malformed segment).
   * Says nothing of the signature: `check` does. The web channel reads the links a visitor sends
   * back with a message this way (docs/channels/web.md, "Files from the visitor").
   */
  parse(url: string): DriveLinkRequest | undefined;
}

/**
 * The key drive links are signed with, derived from the service's token secret (JWT_SECRET, or
 * the one kept in DATA_DIR), so no setting of its own is needed and it is never a token's key.
 */
export function driveLinkKey(secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update('switchboard drive links').digest();
}

/**
 * Signed, expiring download links to bot-drive files (docs/content.md, "The bot drive"):
 * `<public url>/api/drive/files/<bot>/<path>?expires=<unix seconds>&signature=<base64url>`, the
 * signature an HMAC-SHA256 over bot, path and expiry, compared in constant time.
 */
export function createDriveLinks(deps: { key: Uint8Array; publicUrl: () => string; now: () => Date; ttlSeconds?: number }): DriveLinks {
  const ttl = deps.ttlSeconds ?? DRIVE_LINK_TTL_SECONDS;
  // NUL never occurs in a bot's name or a drive path, so the three fields cannot be shifted into one another.
  const sign = (bot: string, path: string, expires: number) => createHmac('sha256', deps.key).update(`${bot}\0${path}\0${expires}`).digest();
  return {
    url(bot, path) {
      const expires = Math.floor(deps.now().getTime() / 1000) + ttl;
      const segments = [bot, ...path.split('/')].map(encodeURIComponent).join('/');
      const query = new URLSearchParams({ expires: String(expires), signature: sign(bot, path, expires).toString('base64url') });
      return `${deps.publicUrl().replace(/\/$/, '')}${DRIVE_LINK_PATH}/${segments}?${query}`;
    },
    check({ bot, path, expires, signature }) {
      const expected = sign(bot, path, expires);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      return expires * 1000 <= deps.now().getTime() ? 'expired' : 'valid';
    },
    parse(url) {
      const base = `${deps.publicUrl().replace(/\/$/, '')}${DRIVE_LINK_PATH}/`;
      if (!url.startsWith(base)) return undefined;
      const [route = '', query = '', ...more] = url.slice(base.length).split('?');
      const params = new URLSearchParams(query);
      const expires = params.get('expires') ?? '';
      const signature = params.get('signature');
      if (more.length > 0 || route.includes('#') || !/^\d{1,12}$/.test(expires) || !signature) return undefined;
      const segments = route.split('/').map(decodeSegment);
      // Only what url() can have made: a bot and a normalised path, each segment plain.
      if (segments.length < 2 || segments.some((s) => s === undefined || s === '' || s === '.' || s === '..' || s.includes('/') || s.includes('\0'))) return undefined;
      const [bot, ...path] = segments as string[];
      return { bot: bot!, path: path.join('/'), expires: Number(expires), signature };
    },
  };
}

/** A percent-escaped path segment, or undefined when its escapes are malformed. */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
