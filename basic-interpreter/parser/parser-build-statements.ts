/**
 * CST → AST for keyword phrases and one-line statements (the second layer of the visitor in
 * ast-builder.ts). Value keywords (GET, FIND, LLM…) become `keyword` nodes; keyword statements
 * whose work is done by the host become `command` nodes, arguments in source order.
 */
import type { CstNode, IToken } from 'chevrotain';
import type { CommandKeyword, Expr, HearSpec, Loc, Stmt, Target, ValueKeyword } from './ast.js';
import { ExpressionBuilder, locOf, nowhere, type Accessor, node, nodes, onlyNode, token, tokens, type Ctx } from './parser-build-expressions.js';
import { canonicalPhrase } from './phrases.js';

/** A phrase's values and their labels, as phraseArguments builds them. */
/** The watch declarations whose block form ends in `END ON` (docs/basic.md, "Event handlers"). */
const WATCH_PHRASES: ReadonlySet<string> = new Set(['ON EMAIL', 'ON EMAIL FROM', 'ON CHANGE']);

interface PhraseArgs {
  args: Expr[];
  labels: (string | null)[];
}

/** The keyword and one-line-statement layer of the CST visitor. */
export abstract class StatementBuilder extends ExpressionBuilder {
  /**
   * `ON EMAIL` / `ON CHANGE` lines not yet closed: the reference writes them as blocks ending in
   * `END ON`, which then closes nothing to run (the declaration is read from the line itself).
   */
  protected openWatchLines = 0;

  protected stmt(cst: CstNode | undefined): Stmt | undefined {
    return cst === undefined ? undefined : (this.visit(cst) as Stmt | undefined);
  }

  protected command(keyword: CommandKeyword, ctx: Ctx, start: IToken | undefined, key = 'expression'): Stmt {
    return { kind: 'command', keyword, args: this.exprs(ctx, key), loc: locOf(start) };
  }

  // ---------------------------------------------------------------- keyword expressions

  protected keywordNode(keyword: ValueKeyword, args: Expr[], start: IToken | undefined): Expr {
    return { kind: 'keyword', keyword, args, loc: locOf(start) };
  }

  keywordExpression(ctx: Ctx): Expr {
    return this.expr(onlyNode(ctx));
  }

  getExpression(ctx: Ctx): Expr {
    const get = token(ctx, 'Get');
    if (token(ctx, 'Bot') !== undefined) return this.keywordNode('get_bot_memory', this.exprs(ctx, 'keyArgument'), get);
    if (token(ctx, 'Session') !== undefined) return this.keywordNode('get_session', this.exprs(ctx, 'keyArgument'), get);
    return this.keywordNode('http_get', this.exprs(ctx, 'expression'), get);
  }

  /** The arguments of a keyword: `(a, b)` in the call form, else the plain ones under `key`. */
  private keywordArgs(ctx: Ctx, usage: string, min: number, max: number, key = 'expression'): Expr[] {
    const inParens = node(ctx, 'parenthesizedArguments');
    if (inParens === undefined) return this.exprs(ctx, key);
    const args = this.visit(inParens) as Expr[];
    if (args.length < min || args.length > max) this.report(locOf(token(inParens.children, 'LParen')), `expected ${usage}`);
    return args;
  }

  parenthesizedArguments(ctx: Ctx): Expr[] {
    const list = node(ctx, 'argumentList');
    return list === undefined ? [] : (this.visit(list) as Expr[]);
  }

  httpBodyExpression(ctx: Ctx): Expr {
    const verb = token(ctx, 'Post') ?? token(ctx, 'Put') ?? token(ctx, 'Patch');
    const word = (verb?.image ?? 'post').toUpperCase();
    const args = this.keywordArgs(ctx, `${word}(url, body)`, 2, 2);
    return this.keywordNode(`http_${word.toLowerCase()}` as ValueKeyword, args, verb);
  }

  deleteExpression(ctx: Ctx): Expr {
    const args = this.keywordArgs(ctx, 'DELETE(url) or DELETE("table", "filter")', 1, 2);
    return this.keywordNode('http_delete', args, token(ctx, 'Delete'));
  }

  findExpression(ctx: Ctx): Expr {
    const args = this.keywordArgs(ctx, 'FIND("table", "filter")', 1, 2);
    // `FIND "table"` finds every row.
    if (args.length === 1) args.push({ kind: 'string', parts: [''], loc: args[0]?.loc ?? nowhere });
    return this.keywordNode('find', args, token(ctx, 'Find'));
  }

  phraseExpression(ctx: Ctx): Expr {
    const start = token(ctx, 'Phrase');
    const list = node(ctx, 'phraseArguments');
    const { args, labels } = list === undefined ? { args: [], labels: [] } : (this.visit(list) as PhraseArgs);
    const phrase = canonicalPhrase(start?.image ?? '');
    if (WATCH_PHRASES.has(phrase)) this.openWatchLines += 1;
    return { kind: 'phrase', phrase, args, labels, loc: locOf(start) };
  }

  /**
   * An argument without words of its own is labelled by the word joining it to the one before
   * (`CHART PROMPT "pie" TO "a.svg"`: "to"), so an optional argument left out is told apart.
   */
  phraseArguments(ctx: Ctx): PhraseArgs {
    const built = nodes(ctx, 'phraseArgument').map((n) => this.visit(n) as { value: Expr; label: string | null });
    const separators = [...tokens(ctx, 'Comma'), ...tokens(ctx, 'joiner')].sort((a, b) => a.startOffset - b.startOffset);
    const joiner = (i: number): string | null => {
      const before = i === 0 ? undefined : separators[i - 1];
      return before === undefined || before.image === ',' ? null : before.image.toLowerCase();
    };
    return { args: built.map((b) => b.value), labels: built.map((b, i) => b.label ?? joiner(i)) };
  }

  phraseArgument(ctx: Ctx): { value: Expr; label: string | null } {
    const words = tokens(ctx, 'label');
    const label = words.length === 0 ? null : words.map((w) => w.image.toLowerCase()).join('_');
    return { value: this.expr(node(ctx, 'expression')), label };
  }

  /** A name used as a one-word phrase (`PRINT x`), or a call with its arguments: `name(a, b)`. */
  protected wordPhrase(name: IToken | undefined, ctx: Ctx): Expr | undefined {
    const list = node(ctx, 'phraseArguments');
    if (list === undefined) return undefined;
    const { args, labels } = this.visit(list) as PhraseArgs;
    return { kind: 'phrase', phrase: (name?.image ?? '').toUpperCase(), args, labels, loc: locOf(name) };
  }

  meetingExpression(ctx: Ctx): Expr { return this.keywordNode('create_meeting', this.exprs(ctx, 'expression'), token(ctx, 'Create')); }
  llmExpression(ctx: Ctx): Expr { return this.keywordNode('llm', this.exprs(ctx, 'expression'), token(ctx, 'Llm')); }
  recallExpression(ctx: Ctx): Expr { return this.keywordNode('recall', this.exprs(ctx, 'keyArgument'), token(ctx, 'Recall')); }

  transferExpression(ctx: Ctx): Expr {
    const usage = 'at most 4 values after TRANSFER TO HUMAN: target, priority, reason, destination';
    const list = node(ctx, 'argumentList');
    const args = list === undefined ? this.keywordArgs(ctx, usage, 0, 4) : (this.visit(list) as Expr[]);
    if (list !== undefined && args.length > 4) this.report(args[4]?.loc ?? nowhere, `expected ${usage}`);
    return this.keywordNode('transfer_to_human', args, token(ctx, 'Transfer'));
  }

  // ---------------------------------------------------------------- statements

  simpleStatement(ctx: Ctx): Stmt | undefined {
    const keyword = node(ctx, 'keywordExpression');
    if (keyword === undefined) return this.stmt(onlyNode(ctx));
    // A value keyword as a statement; DELETE with two arguments is the data delete.
    const value = this.expr(keyword);
    if (value.kind === 'phrase') return value;
    if (value.kind !== 'keyword') return undefined;
    const isDataDelete = value.keyword === 'http_delete' && value.args.length === 2;
    return { kind: 'command', keyword: isDataDelete ? 'delete' : value.keyword, args: value.args, loc: value.loc };
  }

  nameStatement(ctx: Ctx): Stmt {
    const name = token(ctx, 'Name');
    const loc = locOf(name);
    const lower = (name?.image ?? '').toLowerCase();
    const phrase = this.wordPhrase(name, ctx);
    if (phrase?.kind === 'phrase') return phrase;
    const args = node(ctx, 'callArguments');
    if (args !== undefined) return { kind: 'call', name: lower, args: this.visit(args) as Expr[], loc };
    if (token(ctx, 'Equals') === undefined) return { kind: 'call', name: lower, args: [], loc };
    const target = this.targetOf(name, nodes(ctx, 'accessor'));
    return { kind: 'assign', target, value: this.expr(node(ctx, 'expression')), loc };
  }

  /** A variable name followed by `.member` / `[index]` accessors, as an assignment target. */
  private targetOf(name: IToken | undefined, accessors: readonly CstNode[]): Target {
    let target: Target = { kind: 'variable', name: (name?.image ?? '').toLowerCase(), loc: locOf(name) };
    for (const accessor of accessors) target = this.access(target, this.visit(accessor) as Accessor) as Target;
    return target;
  }

  target(ctx: Ctx): Target { return this.targetOf(token(ctx, 'Name'), nodes(ctx, 'accessor')); }

  assignment(ctx: Ctx): Stmt {
    const cst = node(ctx, 'target');
    const target = cst === undefined ? this.targetOf(undefined, []) : (this.visit(cst) as Target);
    return { kind: 'assign', target, value: this.expr(node(ctx, 'expression')), loc: target.loc };
  }

  letStatement(ctx: Ctx): Stmt | undefined { return this.relocated(node(ctx, 'assignment'), token(ctx, 'Let')); }

  /** The statement of `cst`, located at `start` (SET x = 1 starts at SET). */
  private relocated(cst: CstNode | undefined, start: IToken | undefined): Stmt | undefined {
    const stmt = this.stmt(cst);
    return stmt === undefined ? undefined : { ...stmt, loc: locOf(start) };
  }

  callStatement(ctx: Ctx): Stmt {
    const list = node(ctx, 'callArguments');
    const args = list === undefined ? [] : (this.visit(list) as Expr[]);
    const loc = locOf(token(ctx, 'Call'));
    const quoted = token(ctx, 'StringLiteral');
    const endpointArgs = this.exprs(ctx, 'endpointArgument');
    const target = quoted === undefined ? undefined : this.plainText(quoted, 'CALL');
    // `CALL "/endpoint"` calls the bot's WEBHOOK script `endpoint` (vm/phrases.ts); `CALL "other.bas"` another script.
    if (target?.startsWith('/')) return this.callEndpoint(target, [...args, ...endpointArgs], loc);
    if (endpointArgs.length > 0) this.report(loc, 'CALL takes its arguments in parentheses: CALL name(a, b)');
    if (target !== undefined) return { kind: 'call', name: target.replace(/\.bas$/i, '').toLowerCase(), args, loc };
    const name = (token(ctx, 'Name')?.image ?? '').toLowerCase();
    return { kind: 'call', name, args, loc };
  }

  /** `x = CALL "/endpoint" [, body]`. */
  callEndpointExpression(ctx: Ctx): Expr {
    const loc = locOf(token(ctx, 'Call'));
    const target = this.plainText(token(ctx, 'StringLiteral'), 'CALL');
    if (!target.startsWith('/')) this.report(loc, `CALL "${target}" gives no value: call a script as a function, ${target.replace(/\.bas$/i, '')}(…), or an endpoint as CALL "/name"`);
    const body = node(ctx, 'expression');
    return this.callEndpoint(target, body === undefined ? [] : [this.expr(body)], loc);
  }

  private callEndpoint(target: string, args: Expr[], loc: Loc): Extract<Stmt, { kind: 'phrase' }> {
    return { kind: 'phrase', phrase: 'CALL', args: [{ kind: 'string', parts: [target], loc }, ...args], labels: [null, ...args.map(() => null)], loc };
  }

  returnStatement(ctx: Ctx): Stmt {
    const loc = locOf(token(ctx, 'Return'));
    const value = node(ctx, 'expression');
    return value === undefined ? { kind: 'return', loc } : { kind: 'return', value: this.expr(value), loc };
  }

  exitStatement(ctx: Ctx): Stmt | undefined {
    const what = (['for', 'do', 'while', 'sub', 'function'] as const).find(
      (w) => token(ctx, w.charAt(0).toUpperCase() + w.slice(1)) !== undefined,
    );
    // A bare EXIT ends the script: RETURN at its top level.
    if (what === undefined) return { kind: 'phrase', phrase: 'EXIT', args: [], labels: [], loc: locOf(token(ctx, 'Exit')) };
    return { kind: 'exit', what, loc: locOf(token(ctx, 'Exit')) };
  }

  addSuggestionStatement(ctx: Ctx): Stmt { return this.command('add_suggestion', ctx, token(ctx, 'Add')); }
  insertStatement(ctx: Ctx): Stmt { return this.command('insert', ctx, token(ctx, 'Insert')); }
  updateStatement(ctx: Ctx): Stmt { return this.command('update', ctx, token(ctx, 'Update')); }
  rememberStatement(ctx: Ctx): Stmt { return this.command('remember', ctx, token(ctx, 'Remember')); }
  sendMailStatement(ctx: Ctx): Stmt { return this.command('send_mail', ctx, token(ctx, 'Send')); }

  clearStatement(ctx: Ctx): Stmt {
    const keyword = token(ctx, 'Headers') === undefined ? 'clear_suggestions' : 'clear_headers';
    return { kind: 'command', keyword, args: [], loc: locOf(token(ctx, 'Clear')) };
  }

  waitStatement(ctx: Ctx): Stmt {
    return { kind: 'wait', seconds: this.expr(node(ctx, 'expression')), loc: locOf(token(ctx, 'Wait')) };
  }

  saveStatement(ctx: Ctx): Stmt {
    const list = node(ctx, 'argumentList');
    const fields = list === undefined ? [] : (this.visit(list) as Expr[]);
    return { kind: 'save', table: this.expr(node(ctx, 'expression')), fields, loc: locOf(token(ctx, 'Save')) };
  }

  /** `BEGIN TALK` … `END TALK`: the lines between, dedented, joined with "\n", with `${…}`. */
  protected talkBlock(tok: IToken, begin = /^BEGIN[ \t]+TALK[ \t]*(?:'.*)?$/i, opener = 'BEGIN TALK'): Stmt {
    const loc = locOf(tok);
    const [first = '', ...rest] = tok.image.split(/\r\n|\r|\n/);
    if (!begin.test(first)) this.report(loc, `${opener} must be alone on its line`);
    const closed = (tok.payload as { error?: string } | undefined)?.error === undefined;
    const lines = closed ? rest.slice(0, -1) : rest;
    const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
    const indent = indents.length === 0 ? 0 : Math.min(...indents);
    const parts: (string | Expr)[] = [];
    lines.forEach((text, i) => {
      if (i > 0) parts.push('\n');
      const lineLoc = { line: loc.line + i + 1, column: 1 };
      const line = this.template(text.slice(indent), false, lineLoc, indent + 1);
      if (line.kind === 'string') parts.push(...line.parts);
    });
    return { kind: 'talk', value: { kind: 'string', parts: mergeText(parts), loc }, loc };
  }

  /** `BEGIN SYSTEM PROMPT` … `END SYSTEM PROMPT`: the lines between, as SET CONTEXT text. */
  protected promptBlock(tok: IToken): Stmt {
    const talk = this.talkBlock(tok, /^BEGIN[ \t]+SYSTEM[ \t]+PROMPT[ \t]*(?:'.*)?$/i, 'BEGIN SYSTEM PROMPT');
    const value = talk.kind === 'talk' ? talk.value : { kind: 'null' as const, loc: talk.loc };
    return { kind: 'command', keyword: 'set_context', args: [value], loc: talk.loc };
  }

  talkStatement(ctx: Ctx): Stmt {
    const talk = token(ctx, 'Talk');
    if (token(ctx, 'To') !== undefined) return this.command('talk_to', ctx, talk);
    return { kind: 'talk', value: this.expr(node(ctx, 'expression')), loc: locOf(talk) };
  }

  hearStatement(ctx: Ctx): Stmt {
    const variable = (token(ctx, 'Name')?.image ?? '').toLowerCase();
    const loc = locOf(token(ctx, 'Hear'));
    const spec = node(ctx, 'hearSpec');
    const hear: Stmt = spec === undefined ? { kind: 'hear', variable, loc } : { kind: 'hear', variable, as: this.visit(spec) as HearSpec, loc };
    const prompt = node(ctx, 'prompt');
    const fallback = node(ctx, 'defaultValue');
    if (prompt === undefined && fallback === undefined) return hear;
    // HEAR x WITH "prompt" DEFAULT v: say the prompt, hear, and take v for an empty or given-up answer.
    const body: Stmt[] = [];
    if (prompt !== undefined) body.push({ kind: 'talk', value: this.expr(prompt), loc });
    body.push(hear);
    if (fallback !== undefined) {
      const value: Expr = { kind: 'variable', name: variable, loc };
      const empty: Expr = { kind: 'binary', op: '=', left: value, right: { kind: 'string', parts: [''], loc }, loc };
      const missing: Expr = { kind: 'binary', op: '=', left: value, right: { kind: 'null', loc }, loc };
      const assign: Stmt = { kind: 'assign', target: { kind: 'variable', name: variable, loc }, value: this.expr(fallback), loc };
      body.push({ kind: 'if', branches: [{ condition: { kind: 'binary', op: 'OR', left: missing, right: empty, loc }, body: [assign] }], elseBody: [], loc });
    }
    return { kind: 'sequence', body, loc };
  }

  hearSpec(ctx: Ctx): HearSpec {
    const type = token(ctx, 'Name');
    if (type !== undefined) return { kind: 'type', type: type.image.toUpperCase() };
    const list = node(ctx, 'argumentList');
    return { kind: 'menu', options: list === undefined ? [] : (this.visit(list) as Expr[]) };
  }

  setStatement(ctx: Ctx): Stmt | undefined {
    const set = token(ctx, 'Set');
    const forms: [string, CommandKeyword][] = [
      ['Header', 'set_header'], ['Session', 'set_session'], ['Bot', 'set_bot_memory'],
      ['Schedule', 'set_schedule'],
    ];
    const form = forms.find(([word]) => token(ctx, word) !== undefined);
    if (form !== undefined) return this.command(form[1], ctx, set);
    if (token(ctx, 'Context') !== undefined) {
      // SET CONTEXT "name" AS text: the named form; its text is the context.
      const [name, text] = this.exprs(ctx, 'expression');
      return { kind: 'command', keyword: 'set_context', args: text === undefined ? [name ?? { kind: 'null', loc: locOf(set) }] : [text, name ?? { kind: 'null', loc: locOf(set) }], loc: locOf(set) };
    }
    return this.relocated(node(ctx, 'assignment'), set);
  }
}

/** Joins adjacent text parts; a text with nothing in it is one empty part. */
function mergeText(parts: (string | Expr)[]): (string | Expr)[] {
  const merged: (string | Expr)[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (typeof part === 'string' && typeof last === 'string') merged[merged.length - 1] = last + part;
    else if (part !== '') merged.push(part);
  }
  return merged.length === 0 ? [''] : merged;
}
