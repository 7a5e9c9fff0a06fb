/**
 * Reading a CST node's children, for the AST builder (ast-builder.ts, build-text.ts): the tokens
 * or nodes under a key (a token type's name, a rule's name or a label), and where a token stands.
 */
import type { CstChildrenDictionary, CstElement, CstNode, IToken } from 'chevrotain';
import type { Loc } from './ast.js';

/** The children of a CST node, by token type name, rule name or label. */
export type Ctx = CstChildrenDictionary;

const isToken = (element: CstElement): element is IToken => 'image' in element;
const none: readonly CstElement[] = [];
const noTokens: readonly IToken[] = [];
const noNodes: readonly CstNode[] = [];

/**
 * The tokens or nodes under `key` (all, or the first). They run for every node, so they copy
 * nothing when every child under the key is of the kind asked for (the usual case: a key names
 * either a token type or a rule).
 */
export function tokens(ctx: Ctx, key: string): readonly IToken[] {
  const children = ctx[key];
  if (children === undefined) return noTokens;
  if (children.every(isToken)) return children as IToken[];
  return children.filter(isToken);
}

export function token(ctx: Ctx, key: string): IToken | undefined {
  for (const element of ctx[key] ?? none) if (isToken(element)) return element;
  return undefined;
}

export function nodes(ctx: Ctx, key: string): readonly CstNode[] {
  const children = ctx[key];
  if (children === undefined) return noNodes;
  if (!children.some(isToken)) return children as CstNode[];
  return children.filter((e): e is CstNode => !isToken(e));
}

export function node(ctx: Ctx, key: string): CstNode | undefined {
  for (const element of ctx[key] ?? none) if (!isToken(element)) return element;
  return undefined;
}

/** The one child node of a rule that is a choice between sub-rules. */
export function onlyNode(ctx: Ctx): CstNode | undefined {
  for (const key in ctx) for (const element of ctx[key] ?? none) if (!isToken(element)) return element;
  return undefined;
}

/** Where a token starts (a token inserted by error recovery has no position: 0:0). */
export function locOf(tok: IToken | undefined): Loc {
  const line = tok?.startLine ?? 0;
  const column = tok?.startColumn ?? 0;
  return { line: Number.isNaN(line) ? 0 : line, column: Number.isNaN(column) ? 0 : column };
}

/** The position of a node that error recovery left without tokens. */
export const nowhere: Loc = { line: 0, column: 0 };
