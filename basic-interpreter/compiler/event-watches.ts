import type { Expr, Stmt } from '../parser/index.js';
import { isAccountPath, isScript, type CompiledScript, type Diagnostic, type EventWatch, type FolderEvent } from '../vm/index.js';

/**
 * The reference's names of each ON CHANGE event (`EVENTS "created, changed"`…). A drive listing
 * cannot tell a rename or a move from a removal and an addition, so those are both.
 */
const EVENT_NAMES: Record<string, readonly FolderEvent[]> = {
  create: ['create'], created: ['create'], new: ['create'],
  modify: ['modify'], modified: ['modify'], change: ['modify'], changed: ['modify'],
  delete: ['delete'], deleted: ['delete'], remove: ['delete'], removed: ['delete'],
  rename: ['delete', 'create'], renamed: ['delete', 'create'], move: ['delete', 'create'], moved: ['delete', 'create'],
};
const ALL_EVENTS: readonly FolderEvent[] = ['create', 'modify', 'delete'];
const WATCH_PHRASES: ReadonlySet<string> = new Set(['ON EMAIL', 'ON EMAIL FROM', 'ON CHANGE']);

/**
 * The `ON EMAIL` and `ON CHANGE` declarations at a script's top level (docs/basic.md, "Event
 * handlers"): read when the script loads, like `ON INSERT OF`, so their values must be written
 * in quotes. A value that is not (a variable, `${…}`), an unknown ON CHANGE event, or a mail
 * watch with a value of no known label is a diagnostic at its line.
 */
export function collectWatches(body: readonly Stmt[]): { watches: EventWatch[]; diagnostics: Diagnostic[] } {
  const watches: EventWatch[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const stmt of body) {
    if (stmt.kind !== 'phrase' || !WATCH_PHRASES.has(stmt.phrase)) continue;
    const fail = (message: string) => void diagnostics.push({ message, line: stmt.loc.line });
    const values = stmt.args.map(literal);
    if (values.some((v) => v === undefined)) {
      fail(`${stmt.phrase} is read when the script loads: write its values in quotes`);
      continue;
    }
    const texts = values as string[];
    if (stmt.phrase === 'ON EMAIL' || stmt.phrase === 'ON EMAIL FROM') {
      const watch = mailWatch(stmt.phrase, texts, stmt.labels);
      if (typeof watch === 'string') fail(watch);
      else watches.push(watch);
    } else if (stmt.phrase === 'ON CHANGE') {
      // `account://…`, `gdrive:///…`: a connected account's folder, which the phrase itself refuses when it runs.
      if (isAccountPath(texts[0] ?? '')) continue;
      const watch = folderWatch(texts, stmt.labels);
      if (typeof watch === 'string') fail(watch);
      else watches.push(watch);
    }
  }
  return { watches, diagnostics };
}

/** `ON EMAIL ["address"] [FROM "sender"] [SUBJECT "text"]`, `ON EMAIL FROM "sender"`. */
function mailWatch(phrase: string, values: string[], labels: readonly (string | null)[]): EventWatch | string {
  const watch: { kind: 'mail'; address?: string; from?: string; subject?: string } = { kind: 'mail' };
  for (const [i, value] of values.entries()) {
    const label = phrase === 'ON EMAIL FROM' && i === 0 ? 'from' : (labels[i] ?? (i === 0 ? 'address' : null));
    if (label !== 'address' && label !== 'from' && label !== 'subject') return 'expected ON EMAIL ["address"] [FROM "sender"] [SUBJECT "text"]';
    if (value.trim() !== '') watch[label] = value.trim().toLowerCase();
  }
  return watch;
}

/** `ON CHANGE "folder" [EVENTS "create, modify, delete"]`: the folder is a path in the bot's drive. */
function folderWatch(values: string[], labels: readonly (string | null)[]): EventWatch | string {
  const usage = 'expected ON CHANGE "folder" [EVENTS "create, modify, delete"]';
  if (values.length === 0 || labels[0] !== null || values.length > 2 || (values.length === 2 && labels[1] !== 'events')) return usage;
  let events = ALL_EVENTS;
  if (values.length === 2) {
    const words = values[1]!.split(/[\s,;]+/).filter(Boolean).map((w) => w.toLowerCase());
    const unknown = words.find((w) => !(w in EVENT_NAMES));
    if (unknown !== undefined) return `ON CHANGE: "${unknown}" is not an event (create, modify, delete, rename, move)`;
    events = ALL_EVENTS.filter((e) => words.some((w) => EVENT_NAMES[w]!.includes(e)));
  }
  return { kind: 'folder', folder: values[0]!.trim().replace(/\\/g, '/').replace(/^\/+|\/+$/g, ''), events };
}

/** A quoted value without `${…}`. */
function literal(expr: Expr): string | undefined {
  if (expr.kind !== 'string') return undefined;
  if (expr.parts.length === 0) return '';
  return expr.parts.length === 1 && typeof expr.parts[0] === 'string' ? expr.parts[0] : undefined;
}

/** The ON EMAIL / ON CHANGE declarations of a compiled script (none for anything else). */
export function eventWatches(script: CompiledScript): readonly EventWatch[] {
  return isScript(script) ? script.watches : [];
}
