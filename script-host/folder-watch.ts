import { createHash } from 'node:crypto';
import type { EventWatch, FileStore, FolderEvent, ObjectValue } from '../basic-interpreter/index.js';
import type { BotWatchesRepo } from '../db/index.js';
import type { ScriptBot, HostContext } from './script-host-context.js';
import { createWatchHost } from './effect-host.js';
import { runBackgroundScript } from './run-background-script.js';
import type { WatchHandler } from './watch-bot.js';

type FolderWatch = Extract<EventWatch, { kind: 'folder' }>;
/** A file as last seen: a tag that changes when the file does, and its size. */
type Seen = Record<string, { tag: string; size: number }>;

/**
 * ON CHANGE "folder" (docs/basic.md, "Event handlers"): the files under each watched folder of
 * the bot's drive are compared with those the last look stored; each file added, changed or
 * removed runs the scripts watching that folder for that event, one file after another. What was
 * seen is stored after each file's runs, so a restart neither repeats unchanged files nor loses
 * a change. The first look only notes what is there.
 */
export async function watchFolders(ctx: HostContext, bot: ScriptBot, store: BotWatchesRepo, handlers: WatchHandler<FolderWatch>[]): Promise<void> {
  const files = ctx.files(bot);
  for (const folder of [...new Set(handlers.map((h) => h.watch.folder))]) {
    const key = `folder:${folder}`;
    try {
      const now = await describe(files, folder);
      const stored = (await store.get(bot.id, key)) as Seen | undefined;
      if (stored === undefined) {
        await store.put(bot.id, key, now);
        continue;
      }
      const seen: Seen = { ...stored };
      for (const [path, event] of changes(stored, now)) {
        const change = changeEvent(folder, path, event, now[path]?.size ?? stored[path]?.size ?? 0);
        const scripts = new Set(handlers.filter((h) => h.watch.folder === folder && h.watch.events.includes(event)).map((h) => h.script));
        for (const script of scripts) {
          await runBackgroundScript(ctx, bot, {
            script, host: createWatchHost(ctx, bot, { name: 'folder_change_events', value: change }), variables: { event: change }, what: 'ON CHANGE run',
          });
        }
        if (event === 'delete') delete seen[path];
        else seen[path] = now[path]!;
        await store.put(bot.id, key, seen);
      }
    } catch (error) {
      ctx.logger.warn({ bot: bot.name, folder, err: error }, `ON CHANGE: the folder could not be looked at: ${(error as Error).message}`);
    }
  }
}

/** Each path added, changed or gone, in path order. */
function changes(before: Seen, after: Seen): [string, FolderEvent][] {
  const found: [string, FolderEvent][] = [];
  for (const path of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (!(path in before)) found.push([path, 'create']);
    else if (!(path in after)) found.push([path, 'delete']);
    else if (before[path]!.tag !== after[path]!.tag) found.push([path, 'modify']);
  }
  return found;
}

/** The folder's files by the store's description, else by a hash of their bytes (any store). */
async function describe(files: FileStore, folder: string): Promise<Seen> {
  if (files.describe) return files.describe(folder);
  const seen: Seen = {};
  for (const path of await files.list(folder)) {
    const bytes = await files.read(path);
    if (bytes) seen[path] = { tag: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
  }
  return seen;
}

/** The change as the reference's folder_change_events entry names its fields. */
function changeEvent(folder: string, path: string, event: FolderEvent, size: number): ObjectValue {
  const name = path.split('/').pop() ?? path;
  return {
    id: `${event}:${path}`, folder, event_type: event, file_path: path, file_name: name, file_size: size,
    mime_type: mimeTypeOf(name), old_path: null,
  };
}

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf', json: 'application/json', csv: 'text/csv', txt: 'text/plain', md: 'text/markdown', html: 'text/html', xml: 'application/xml',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', zip: 'application/zip',
};

function mimeTypeOf(name: string): string {
  return MIME_TYPES[/\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
