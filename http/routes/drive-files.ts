import type { DriveLinkRequest } from '../../content/index.js';
import { defineRoute } from '../route.js';
import { DriveLinkParamsSchema, DriveLinkQuerySchema } from '../schemas/content.js';
import { sendStoredFile } from '../stored-file-answer.js';

/** Opens a signed bot-drive link: the file's name and bytes, or a 403 / 404 domain error. */
export type DriveLinkOpener = (link: DriveLinkRequest) => Promise<{ name: string; bytes: Buffer }>;

/**
 * `GET /api/drive/files/{bot}/{path}?expires=…&signature=…`: a bot-drive file a script sent with
 * SEND FILE (docs/content.md, "The bot drive"). The signed link is the only credential, so the
 * route is public; the bytes always go as an attachment with the Content-Type of the name's
 * extension and nosniff, whatever the name (docs/content.md, "Serving files").
 */
export function driveFileRoutes(open: DriveLinkOpener) {
  return [
    defineRoute({
      method: 'get', path: '/api/drive/files/:bot/*path', tag: 'files', access: 'public',
      summary: 'A bot-drive file sent with SEND FILE, through its signed, expiring link',
      params: DriveLinkParamsSchema, query: DriveLinkQuerySchema, errors: [403, 404],
      response: { description: 'The bytes, as an attachment named like the file, with the Content-Type of its extension and X-Content-Type-Options: nosniff' },
      handle: async ({ params, query, res }) => {
        const file = await open({ bot: params.bot, path: params.path, expires: query.expires, signature: query.signature });
        // The widget shows images from pages on other origins; the link itself is the permission.
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        res.setHeader('Cache-Control', 'private, max-age=3600');
        // Content-Disposition with the name (RFC 6266 for any characters) and the type of its extension.
        sendStoredFile(res, { bytes: file.bytes, name: file.name, download: true });
      },
    }),
  ];
}
