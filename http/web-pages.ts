import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { BotParamsSchema } from './schemas/web-channel.js';
import { escapeHtml } from './html-text.js';

/**
 * The browser half, built by `npm run build` into WEB_DIR (vite.config.ts): the attendant console
 * at `/console/`, the embeddable widget at `/widget.js` and a demo page at `/demo/{bot}` that
 * embeds it, so `npm start` is all a newcomer needs (README, "First minutes").
 */
export function webPages(webDir: string): Router {
  const router = express.Router();
  const consoleDir = path.join(webDir, 'console');
  const notBuilt = (what: string) => `${what} is not built: run \`npm run build\` (it writes ${webDir}).`;

  // The widget, and the co-browse recorder it loads when a visitor allows co-browse (docs/attendance/co-browse.md).
  for (const [name, what] of [['widget.js', 'The widget'], ['cobrowse.js', 'The co-browse recorder']] as const) {
    router.get(`/${name}`, (_req, res) => {
      const file = path.join(webDir, name);
      if (!existsSync(file)) return void res.status(404).type('text/plain').send(notBuilt(what));
      // Customers' sites load it from another origin: the security headers' same-origin resource policy would block it.
      res.set({ 'cache-control': 'public, max-age=300', 'cross-origin-resource-policy': 'cross-origin' }).sendFile(file);
    });
  }

  // express.static redirects `/console` to `/console/` itself.
  router.use('/console', express.static(consoleDir, { index: 'index.html', maxAge: '1h', setHeaders: noCacheForHtml }));
  router.get('/console/', (_req, res) => res.status(404).type('text/plain').send(notBuilt('The console')));

  router.get('/demo/:bot', (req, res) => {
    const parsed = BotParamsSchema.safeParse(req.params);
    if (!parsed.success) return void res.status(400).type('text/plain').send('Bad bot name');
    res.type('html').send(demoPage(parsed.data.bot));
  });
  return router;
}

/** The HTML shell must be fresh after a deploy; its hashed assets may be cached. */
function noCacheForHtml(res: express.Response, file: string): void {
  if (file.endsWith('.html')) res.set('cache-control', 'no-cache');
}

function demoPage(bot: string): string {
  const name = escapeHtml(bot);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchboard demo: ${name}</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/console/demo.css"></head>
<body>
<main>
<h1>Switchboard demo: ${name}</h1>
<p>This page embeds the chat widget of the bot <strong>${name}</strong> with one tag:</p>
<pre><code>&lt;script src="${'{server}'}/widget.js" data-bot="${name}" async&gt;&lt;/script&gt;</code></pre>
<p>Open the chat with the button at the bottom right. Ask for a person to be handed to an attendant,
who answers from the <a href="/console/">attendant console</a>.</p>
</main>
<script src="/widget.js" data-bot="${name}" async></script>
</body>
</html>`;
}
