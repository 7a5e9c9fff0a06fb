import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { MeetingsService } from '../meetings/index.js';
import { escapeHtml } from './html-text.js';

/**
 * The join page of a room, `GET /meet/{room}` (docs/meetings.md, "Join page"): the shell of the
 * browser client (web/meet/, built into WEB_DIR as `meet.js`), or a page that says the link is
 * unknown (404) or over (410: the room ended or expired; docs/meetings.md, "Rooms").
 */
export function meetPages(meetings: MeetingsService, webDir: string | undefined): Router {
  const router = express.Router();
  router.get('/meet.js', (_req, res) => {
    const file = webDir && path.join(webDir, 'meet.js');
    if (!file || !existsSync(file)) return void res.status(404).type('text/plain').send('The meeting page is not built: run `npm run build`.');
    res.set('cache-control', 'no-cache').sendFile(file);
  });
  router.get('/meet/:room', async (req, res) => {
    const room = String(req.params.room);
    const page = /^[\w-]{1,200}$/.test(room) ? await meetings.page(room) : { status: 'missing' as const };
    if (page.status === 'missing') return void res.status(404).type('html').send(notice('Meeting not found', 'This link does not lead to a meeting. Check the address, or ask for a new link.'));
    if (page.status !== 'open') {
      const why = page.status === 'ended' ? 'This meeting has ended.' : 'This meeting link has expired.';
      return void res.status(410).type('html').send(notice('Meeting no longer available', `${why} Ask whoever invited you for a new link.`));
    }
    res.set('cache-control', 'no-store').type('html').send(shell(room, page.title ?? 'Meeting', page.media ?? 'video'));
  });
  return router;
}

const STYLE = 'body{font-family:system-ui,sans-serif;margin:0;background:#111;color:#eee}main{padding:1rem}video{width:320px;max-width:45vw;background:#000;margin:.25rem}button{margin:.25rem;padding:.5rem 1rem}';

function notice(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
}

function shell(room: string, title: string, media: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body data-room="${escapeHtml(room)}" data-media="${escapeHtml(media)}"><main id="meet"><h1>${escapeHtml(title)}</h1>
<noscript>This meeting needs JavaScript.</noscript></main>
<script src="/meet.js"></script></body></html>`;
}
