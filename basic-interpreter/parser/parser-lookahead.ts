/**
 * How the parser picks an alternative of an OR: chevrotain's LL(k) strategy, with a faster
 * function for the ORs it would otherwise answer by trying every alternative's paths in turn
 * (those with a GATE, and those where one token does not decide). The line rules' ORs are among
 * them and run for every line of a script. The choice made is the same: the first alternative,
 * in order, whose GATE (if any) allows it and one of whose lookahead paths matches the next
 * tokens. Only alternatives whose paths can start with the next token are looked at, found in a
 * table built once per OR; gates read the tokens and nothing else, so the ones not run could not
 * have changed the outcome.
 *
 * Each OR's and OPTION's function is built the first time the parser reaches it, not at start-up:
 * the grammar's paths cost over a second of every start (performSelfAnalysis), most of it for
 * keywords that the scripts at hand never use. What it chooses is the same either way. The paths
 * a process computed can be handed to the next one (lookahead-snapshot.ts): a few ORs whose
 * alternatives all begin with an expression take most of that second.
 */
import {
  getLookaheadPaths, LLkLookaheadStrategy, tokenMatcher, type IOrAlt, type IToken, type OptionalProductionType, type Rule, type TokenType,
} from 'chevrotain';

/** What a lookahead function runs on: the parser, for its next tokens. */
interface Lookahead {
  LA(howMuch: number): IToken;
}

type AlternativeChooser = (this: Lookahead, alts?: IOrAlt<unknown>[]) => number | undefined;

type OptionalChooser = (this: Lookahead) => boolean;

/**
 * Above this many lookahead paths, an OPTION or repetition gets an indexed lookahead function.
 * chevrotain's own tries every path in turn: the OPTION of a call after a name (`f(…)`, in
 * parser-expressions.ts) has hundreds, and it runs for every name in every expression.
 */
const MANY_PATHS = 16;
/** How many next tokens the index of an optional production's paths covers. */
const INDEX_DEPTH = 2;

/**
 * The lookahead paths of each production reached so far (`rule/type/occurrence`), computed here
 * or restored from an earlier process's snapshot; `added` counts the ones computed since.
 */
export const knownPaths = { byProduction: new Map<string, TokenType[][][]>(), added: 0 };

function pathsOf(key: string, compute: () => TokenType[][][]): TokenType[][][] {
  let paths = knownPaths.byProduction.get(key);
  if (paths === undefined) {
    paths = compute();
    knownPaths.byProduction.set(key, paths);
    knownPaths.added++;
  }
  return paths;
}

export class BasicLookaheadStrategy extends LLkLookaheadStrategy {
  override buildLookaheadForAlternation(options: {
    prodOccurrence: number;
    rule: Rule;
    maxLookahead: number;
    hasPredicates: boolean;
    dynamicTokensEnabled: boolean;
  }): AlternativeChooser {
    if (options.dynamicTokensEnabled) return super.buildLookaheadForAlternation(options) as AlternativeChooser;
    // The paths are computed once, here: chevrotain's own function would compute them again,
    // and for the line rules' large ORs that is seconds of every start.
    const build = () => chooser(pathsOf(`${options.rule.name}/Alternation/${options.prodOccurrence}`, () => getLookaheadPaths({
      occurrence: options.prodOccurrence,
      rule: options.rule,
      prodType: 'Alternation',
      maxLookahead: options.maxLookahead,
    })));
    let built: AlternativeChooser | undefined;
    return function chooseLazily(this: Lookahead, alts?: IOrAlt<unknown>[]): number | undefined {
      built ??= build();
      return built.call(this, alts);
    };
  }

  override buildLookaheadForOptional(options: {
    prodOccurrence: number;
    prodType: OptionalProductionType;
    rule: Rule;
    maxLookahead: number;
    dynamicTokensEnabled: boolean;
  }): OptionalChooser {
    const build = (): OptionalChooser => {
      const [inside = []] = pathsOf(`${options.rule.name}/${options.prodType}/${options.prodOccurrence}`, () => getLookaheadPaths({
        occurrence: options.prodOccurrence,
        rule: options.rule,
        prodType: options.prodType,
        maxLookahead: options.maxLookahead,
      }));
      if (inside.length <= MANY_PATHS || options.dynamicTokensEnabled) {
        return super.buildLookaheadForOptional(options) as OptionalChooser;
      }
      return optionalChooser(inside);
    };
    let built: OptionalChooser | undefined;
    return function chooseOptionalLazily(this: Lookahead): boolean {
      built ??= build();
      return built.call(this);
    };
  }
}

/**
 * The paths of an optional production by their next tokens (token type index, categories
 * expanded): `ends` when a path ends here (it has matched), `next` by the next token, or `rest`,
 * past INDEX_DEPTH, the paths left to match token by token.
 */
interface PathIndex {
  ends: boolean;
  next: (PathIndex | undefined)[];
  rest: TokenType[][] | undefined;
}

function indexPaths(paths: TokenType[][], depth: number): PathIndex {
  if (depth === INDEX_DEPTH) return { ends: false, next: [], rest: paths };
  const index: PathIndex = { ends: paths.some((path) => path.length === depth), next: [], rest: undefined };
  if (index.ends) return index;
  const groups: TokenType[][][] = [];
  for (const path of paths) {
    const type = path[depth]!;
    for (const key of [type.tokenTypeIdx!, ...(type.categoryMatches ?? [])]) (groups[key] ??= []).push(path);
  }
  groups.forEach((group, key) => (index.next[key] = indexPaths(group, depth + 1)));
  return index;
}

/**
 * True when one of `paths` matches the next tokens, as chevrotain's function answers; only the
 * paths that the first tokens allow are tried.
 */
function optionalChooser(paths: TokenType[][]): OptionalChooser {
  const root = indexPaths(paths, 0);
  return function chooseOptional(this: Lookahead): boolean {
    let index: PathIndex | undefined = root;
    for (let k = 1; index !== undefined; k++) {
      if (index.ends) return true;
      if (index.rest !== undefined) return matchesAPath(this, index.rest, k - 1);
      index = index.next[this.LA(k).tokenTypeIdx];
    }
    return false;
  };
}

/** The alternatives, in order, that may start with each token type (by index); `always`: those with an empty path. */
function candidates(paths: TokenType[][][]): { byToken: Map<number, number[]>; always: number[] } {
  const always: number[] = [];
  const byToken = new Map<number, number[]>();
  paths.forEach((alt, index) => {
    if (alt.some((path) => path.length === 0)) {
      always.push(index);
      for (const list of byToken.values()) if (list[list.length - 1] !== index) list.push(index);
      return;
    }
    for (const path of alt) {
      const first = path[0]!;
      for (const key of [first.tokenTypeIdx!, ...(first.categoryMatches ?? [])]) {
        const list = byToken.get(key) ?? [...always];
        if (list[list.length - 1] !== index) list.push(index);
        byToken.set(key, list);
      }
    }
  });
  return { byToken, always };
}

function chooser(paths: TokenType[][][]): AlternativeChooser {
  const { byToken, always } = candidates(paths);
  const table: (number[] | undefined)[] = [];
  for (const [key, list] of byToken) table[key] = list;
  return function choose(this: Lookahead, alts?: IOrAlt<unknown>[]): number | undefined {
    const next = this.LA(1);
    const possible = table[next.tokenTypeIdx] ?? always;
    for (const index of possible) {
      const gate = alts?.[index]?.GATE;
      if (gate !== undefined && gate.call(this) === false) continue;
      if (matchesAPath(this, paths[index]!)) return index;
    }
    return undefined;
  };
}

/** True when one of the paths matches the next tokens (from the `from`-th on: the ones before are known to). */
function matchesAPath(parser: Lookahead, alt: TokenType[][], from = 0): boolean {
  nextPath: for (const path of alt) {
    for (let i = from; i < path.length; i++) {
      if (!tokenMatcher(parser.LA(i + 1), path[i]!)) continue nextPath;
    }
    return true;
  }
  return false;
}
