import { normalizeFilePath, type FileStore } from '../basic-interpreter/index.js';
import type { ScriptBot, HostContext } from './script-host-context.js';

/**
 * CREATE SITE alias, template_dir, prompt (docs/basic.md, "Compatibility"): the `.html` files of
 * the template folder in the bot's drive, one after the other, are the model's pattern; its page
 * for the prompt becomes `sites/<alias>/index.html`, next to a copy of the folder's other files
 * (styles, scripts, images), and is served at `/sites/<bot>/<alias>/` (docs/content.md, "Sites").
 */

/** The drive folder of a bot's sites: the public route serves only what is under it. */
const SITES_FOLDER = 'sites';

const INSTRUCTIONS = [
  'You write one complete, static HTML page: a <!DOCTYPE html> document with everything in it.',
  'Follow the structure, style and components of the templates you are given, and the request.',
  'Link only files next to the page (relative paths such as styles.css or _assets/app.js) and no other site:',
  'the page is served under a policy that blocks external scripts, styles, fonts and images, and inline scripts.',
  'Answer with the HTML document only, no explanation and no Markdown fence.',
].join('\n');

/** Between two templates in the prompt, with the next one's name. */
const separator = (path: string) => `\n\n<!-- ===== template: ${path} ===== -->\n`;

/** Runs CREATE SITE for `bot`; resolves to the site's absolute URL (relative when no public URL is known). */
export async function createSite(
  ctx: Pick<HostContext, 'files' | 'llm' | 'publicUrl'>,
  bot: ScriptBot,
  request: { alias: string; template: string; prompt: string },
): Promise<string> {
  const files = ctx.files(bot);
  const folder = normalizeFilePath(request.template);
  const paths = await files.list(folder);
  const templates = paths.filter(isHtml);
  if (templates.length === 0) throw new Error(`CREATE SITE: the bot's drive has no .html template under "${folder}"`);
  const pattern = (await Promise.all(templates.map(async (path) => separator(path) + (await readText(files, path))))).join('');

  const answer = await ctx.llm.generate({
    keyword: 'CREATE SITE', instructions: INSTRUCTIONS, format: 'text', bot_id: bot.id,
    prompt: `Templates:${pattern}\n\nRequest: ${request.prompt}`,
  });
  const page = unfenced(String(answer));
  if (!/<html[\s>]|<body[\s>]|<!doctype html/i.test(page)) throw new Error('CREATE SITE: the model did not answer with an HTML page');

  const site = `${SITES_FOLDER}/${request.alias}`;
  await files.write(`${site}/index.html`, Buffer.from(page, 'utf8'));
  // The templates' assets keep their place relative to the page, so the links the model copied work.
  for (const path of paths.filter((p) => !isHtml(p))) await files.copy(path, `${site}/${path.slice(folder.length + 1)}`);
  return `${ctx.publicUrl()}/sites/${encodeURIComponent(bot.name)}/${request.alias}/`;
}

/** The drive path of a site's file (`index.html` for the page); throws FilePathError for a path leaving the site. */
export function sitePagePath(alias: string, path: string): string {
  return `${SITES_FOLDER}/${normalizeFilePath(alias)}/${normalizeFilePath(path)}`;
}

const isHtml = (path: string) => /\.html?$/i.test(path);

async function readText(files: FileStore, path: string): Promise<string> {
  return (await files.read(path))?.toString('utf8') ?? '';
}

/** The page inside a Markdown fence (```html … ```), which models add though told not to. */
function unfenced(text: string): string {
  const fenced = /^\s*```(?:html)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return (fenced?.[1] ?? text).trim();
}
