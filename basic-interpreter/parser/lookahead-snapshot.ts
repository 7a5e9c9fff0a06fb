/**
 * The parser's lookahead paths as plain JSON, so one process can hand what it computed to the
 * next (the script host keeps it in CACHE_DIR, docs/configuration.md): computing them is most of
 * the first parse's time (docs/performance.md, "Start-up"). A snapshot names the grammar it was
 * taken from (a hash of its productions and tokens); one from another grammar is refused, so a
 * changed grammar only costs the computation again, never a wrong parse.
 */
import { createHash } from 'node:crypto';
import { EOF, serializeGrammar, type TokenType } from 'chevrotain';
import { basicParser } from './grammar.js';
import { knownPaths } from './parser-lookahead.js';
import { allTokens } from './tokens.js';

/** Lookahead paths by production (`rule/type/occurrence`), each path as token names. */
export interface LookaheadSnapshot {
  grammar: string;
  paths: Record<string, string[][][]>;
}

let fingerprint: string | undefined;

/** The grammar's identity: its productions and its tokens with their categories. */
function grammarFingerprint(): string {
  fingerprint ??= createHash('sha256')
    .update(JSON.stringify(serializeGrammar(Object.values(basicParser.getGAstProductions()))))
    .update(JSON.stringify(allTokens.map((t) => [t.name, (t.CATEGORIES ?? []).map((c) => c.name)])))
    .digest('hex');
  return fingerprint;
}

/** Every path known so far, or undefined when none was computed since the last snapshot or restore. */
export function takeLookaheadSnapshot(): LookaheadSnapshot | undefined {
  if (knownPaths.added === 0) return undefined;
  knownPaths.added = 0;
  const paths: LookaheadSnapshot['paths'] = {};
  for (const [key, alternatives] of knownPaths.byProduction) paths[key] = alternatives.map((alt) => alt.map((path) => path.map((t) => t.name)));
  return { grammar: grammarFingerprint(), paths };
}

/**
 * Takes the paths of a snapshot for the productions not reached yet. False (and nothing taken)
 * when it is not a snapshot of this grammar.
 */
export function restoreLookaheadSnapshot(snapshot: unknown): boolean {
  const candidate = snapshot as Partial<LookaheadSnapshot> | null;
  if (typeof candidate?.paths !== 'object' || candidate.paths === null || candidate.grammar !== grammarFingerprint()) return false;
  const byName = new Map<string, TokenType>([...allTokens, EOF].map((t) => [t.name, t]));
  const restored = new Map<string, TokenType[][][]>();
  for (const [key, alternatives] of Object.entries(candidate.paths)) {
    const paths = alternatives.map((alt) => alt.map((path) => path.map((name) => byName.get(name))));
    if (paths.some((alt) => alt.some((path) => path.includes(undefined)))) return false;
    restored.set(key, paths as TokenType[][][]);
  }
  for (const [key, paths] of restored) if (!knownPaths.byProduction.has(key)) knownPaths.byProduction.set(key, paths);
  return true;
}
