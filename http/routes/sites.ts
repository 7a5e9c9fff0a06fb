import path from 'node:path';
import type { Response } from 'express';
import { z } from 'zod';
import { NotFoundError } from '../../infra/errors.js';
import { defineRoute } from '../route.js';

/**
 * A file of a bot's site (`sites/<alias>/<path>` in its drive), or undefined when there is none.
 * Paths arrive checked: one or more segments, none `.` or `..`.
 */
export type SitePages = (bot: string, alias: string, path: string) => Promise<Buffer | undefined>;

/**
 * The policy of every site answer (docs/content.md, "Sites"). The page is a model's work, so it
 * runs sandboxed, as an origin of its own: whatever it holds cannot read this server's storage
 * or act as a signed-in user. Scripts, styles, images and fonts only from the site's own files
 * (no inline script, no other host); no plugins, no framing, no `<base>`.
 */
export const SITE_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "font-src 'self'",
  "connect-src 'self'", "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'", 'sandbox allow-scripts allow-forms allow-popups',
].join('; ');

const Segment = z.string().min(1).max(100).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'a name of letters, digits, ., - and _');
const SiteParams = z.object({ bot: Segment, alias: Segment });
const FileParams = SiteParams.extend({
  path: z.string().min(1).max(500).refine(
    (p) => p.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !/[\\\0]/.test(s)),
    'a path inside the site (no empty, . or .. segments)',
  ),
});

/** `GET /sites/{bot}/{alias}/` and the files beside it: the sites CREATE SITE made, public. */
export function siteRoutes(pages: SitePages) {
  const serve = async (res: Response, bot: string, alias: string, file: string) => {
    const bytes = await pages(bot, alias.toLowerCase(), file);
    if (bytes === undefined) throw new NotFoundError('No such site or file');
    res.status(200).type(path.extname(file) || 'application/octet-stream')
      .setHeader('content-security-policy', SITE_CSP).setHeader('cache-control', 'no-cache');
    res.send(bytes);
  };
  return [
    defineRoute({
      method: 'get', path: '/sites/:bot/:alias', tag: 'sites', access: 'public',
      summary: 'A site made by the BASIC CREATE SITE: its page (sandboxed by its Content-Security-Policy)',
      params: SiteParams, errors: [404],
      response: { description: 'The site\'s index.html; without the trailing slash, a redirect to it (relative links need it)' },
      handle: async ({ params, req, res }) => {
        if (!req.path.endsWith('/')) {
          res.redirect(301, `/sites/${encodeURIComponent(params.bot)}/${encodeURIComponent(params.alias)}/`);
          return;
        }
        await serve(res, params.bot, params.alias, 'index.html');
      },
    }),
    defineRoute({
      method: 'get', path: '/sites/:bot/:alias/*path', tag: 'sites', access: 'public',
      summary: 'A file of a site made by the BASIC CREATE SITE (its styles, scripts, images)',
      params: FileParams, errors: [404],
      response: { description: 'The file, typed by its extension, under the site\'s Content-Security-Policy' },
      handle: async ({ params, res }) => serve(res, params.bot, params.alias, params.path),
    }),
  ];
}
