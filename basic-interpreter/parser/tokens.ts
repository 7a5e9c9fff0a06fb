/**
 * The BASIC vocabulary: every token type and the lexer, built once. Keywords are case-insensitive.
 * Only words that start a statement or shape a block are reserved; the words used inside keyword
 * phrases (TO, AS, HEADER, SESSION, BOT, MEMORY…) are "soft": they also work as variable names.
 */
import { createToken, Lexer, type CustomPatternMatcherReturn, type TokenType } from 'chevrotain';
import { matchPhrase } from './phrases.js';
import { scanPromptBlock, scanString, scanTableBlock, scanTalkBlock } from './parser-strings.js';
import { scanWorkflowStep } from './workflow-steps.js';

// ---------------------------------------------------------------- categories

/** Every token (used to skip the rest of a line that cannot be parsed). */
export const AnyToken = createToken({ name: 'AnyToken', pattern: Lexer.NA });
/** Any word, reserved or not: member names after `.` and object keys. */
export const AnyWord = createToken({ name: 'AnyWord', pattern: Lexer.NA, categories: AnyToken });
/** A word usable as a variable or procedure name: identifiers and soft keywords. */
export const Name = createToken({ name: 'Name', pattern: Lexer.NA, label: 'a name', categories: [AnyWord, AnyToken] });
/** Tokens that can never start a line; such a line is reported and skipped as a whole. */
export const Junk = createToken({ name: 'Junk', pattern: Lexer.NA, categories: AnyToken });
/**
 * The operators, as the grammar reads them (flat, grammar.ts "expressions"): AND and OR join
 * negations; every other binary operator joins operands. The AST builder gives them their
 * precedence. TightOp are those that bind tighter than comparisons (`SET HEADER name = value`
 * stops at `=`). Categories nest: `+` is an AddOp, so a TightOp, so a BinaryOp.
 */
export const LogicOp = createToken({ name: 'LogicOp', pattern: Lexer.NA, categories: [Junk, AnyToken] });
export const BinaryOp = createToken({ name: 'BinaryOp', pattern: Lexer.NA, categories: [Junk, AnyToken] });
export const TightOp = createToken({ name: 'TightOp', pattern: Lexer.NA, categories: [BinaryOp, Junk, AnyToken] });
/** Operators that share a precedence level: `+ -`, `* /`, the comparisons. */
export const AddOp = createToken({ name: 'AddOp', pattern: Lexer.NA, categories: [TightOp, Junk, AnyToken] });
export const MulOp = createToken({ name: 'MulOp', pattern: Lexer.NA, categories: [TightOp, Junk, AnyToken] });
export const CompareOp = createToken({ name: 'CompareOp', pattern: Lexer.NA, categories: [BinaryOp, Junk, AnyToken] });

// ---------------------------------------------------------------- layout, comments, literals

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t]+/, group: Lexer.SKIPPED });
/**
 * `'text'` where a value stands (`TALK '"' + q + '"'`, `x = 'f'`): the templates' single-quoted
 * text, read as a string (parse.ts turns it into one). Only after `=`, `+`, `&`, `(`, `,` or
 * TALK / RETURN, closed on the same line and followed by the line's end, a comment or one of `+ & , )`:
 * anywhere else `'` still starts a comment.
 */
const quotedTextEnd = /[ \t]*(?:[+&,)'\r\n]|$)/y;
export const QuotedText = createToken({
  name: 'QuotedText',
  pattern: (text: string, offset: number) => {
    if (text[offset] !== "'") return null;
    let before = offset - 1;
    while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) before -= 1;
    const previous = text[before] ?? '';
    if (!'=+&(,'.includes(previous) || previous === '') {
      const word = /(?:^|[^A-Za-z0-9_])(TALK|RETURN)$/i.exec(text.slice(Math.max(0, before - 7), before + 1));
      if (word === null) return null;
    }
    let close = offset + 1;
    while (close < text.length && text[close] !== "'" && text[close] !== '\n' && text[close] !== '\r') close += 1;
    if (text[close] !== "'") return null;
    quotedTextEnd.lastIndex = close + 1;
    if (!quotedTextEnd.test(text)) return null;
    return [text.slice(offset, close + 1)];
  },
  start_chars_hint: ["'"],
  line_breaks: false,
  label: 'a string',
  categories: [AnyToken],
});
/**
 * `' note`, `REM note`, and the `# note` and `// note` the General Bots templates write (a `#`
 * before `{` opens an object literal instead; strings are read before comments, so a URL's `//`
 * stays in its string).
 */
export const Comment = createToken({
  name: 'Comment',
  pattern: /(?:'|REM(?![A-Za-z0-9_])|\/\/|#(?!\{))[^\r\n]*/i,
  start_chars_hint: ["'", 'R', 'r', '/', '#'],
  group: Lexer.SKIPPED,
});
export const Newline = createToken({
  name: 'Newline',
  pattern: /\r\n|\r|\n/,
  line_breaks: true,
  label: 'end of line',
  categories: AnyToken,
});

/** Result of a custom pattern; `payload` carries a scan error for parse.ts to report. */
function match(text: string, offset: number, end: number, error: string | undefined): CustomPatternMatcherReturn {
  const result: CustomPatternMatcherReturn = [text.slice(offset, end)];
  result.payload = error === undefined ? undefined : { error };
  return result;
}

/** `BEGIN TALK` … `END TALK` as one token: the lines between are raw text, not code. */
export const TalkBlock = createToken({
  name: 'TalkBlock',
  pattern: (text: string, offset: number) => {
    const scan = scanTalkBlock(text, offset);
    return scan === undefined ? null : match(text, offset, scan.end, scan.error);
  },
  start_chars_hint: ['B', 'b'],
  line_breaks: true,
  label: 'BEGIN TALK',
  categories: AnyToken,
});
/** `BEGIN SYSTEM PROMPT` … `END SYSTEM PROMPT` as one token: raw text, the model's background. */
export const PromptBlock = createToken({
  name: 'PromptBlock',
  pattern: (text: string, offset: number) => {
    const scan = scanPromptBlock(text, offset);
    return scan === undefined ? null : match(text, offset, scan.end, scan.error);
  },
  start_chars_hint: ['B', 'b'],
  line_breaks: true,
  label: 'BEGIN SYSTEM PROMPT',
  categories: AnyToken,
});
/** `TABLE name` … `END TABLE` as one token: column declarations, read by table-definition.ts. */
export const TableBlock = createToken({
  name: 'TableBlock',
  pattern: (text: string, offset: number) => {
    const scan = scanTableBlock(text, offset);
    return scan === undefined ? null : match(text, offset, scan.end, scan.error);
  },
  start_chars_hint: ['T', 't'],
  line_breaks: true,
  label: 'TABLE',
  categories: AnyToken,
});
/** A workflow step (`STEP n: BOT "b" "task"`, `STEP n: PARALLEL` … `END PARALLEL`…) as one token, read by workflow-steps.ts. */
export const WorkflowStep = createToken({
  name: 'WorkflowStep',
  pattern: (text: string, offset: number) => {
    const scan = scanWorkflowStep(text, offset);
    return scan === undefined ? null : match(text, offset, scan.end, scan.error);
  },
  start_chars_hint: ['S', 's'],
  line_breaks: true,
  label: 'STEP',
  categories: AnyToken,
});
/** `CREATE [UNIQUE] INDEX name ON table(col, …)` as one token, read by table-definition.ts. */
export const IndexDeclaration = createToken({
  name: 'IndexDeclaration',
  pattern: /CREATE[ \t]+(?:UNIQUE[ \t]+)?INDEX(?![A-Za-z0-9_])[^\r\n]*/i,
  start_chars_hint: ['C', 'c'],
  line_breaks: false,
  label: 'CREATE INDEX',
  categories: AnyToken,
});
/** A multi-word General Bots phrase (`SEND EMAIL`, `USE KB`…, see phrases.ts) as one token. */
export const Phrase = createToken({
  name: 'Phrase',
  pattern: (text: string, offset: number) => {
    const length = matchPhrase(text, offset);
    return length === 0 ? null : [text.slice(offset, offset + length)];
  },
  start_chars_hint: [...'OSCAUGPNDETMKQBJosaugpndetmkqbj'],
  line_breaks: false,
  label: 'a keyword phrase',
  categories: AnyToken,
});
/**
 * `ON INSERT OF`, `ON UPDATE OF`, `ON DELETE OF` as one token: the opening of a table trigger
 * declaration (docs/basic.md, "Event handlers"). One token, so `ON` stays free as a variable name.
 */
export const OnTableEvent = createToken({
  name: 'OnTableEvent',
  pattern: /ON[ \t]+(?:INSERT|UPDATE|DELETE)[ \t]+OF(?![A-Za-z0-9_])/i,
  start_chars_hint: ['O', 'o'],
  line_breaks: false,
  label: 'ON INSERT/UPDATE/DELETE OF',
  categories: AnyToken,
});
/**
 * `ON FORM SUBMIT` as one token: the opening of a form handler block, closed by `END ON`
 * (docs/basic.md, "Webhooks and forms").
 */
export const OnFormSubmit = createToken({
  name: 'OnFormSubmit',
  pattern: /ON[ \t]+FORM[ \t]+SUBMIT(?![A-Za-z0-9_])/i,
  start_chars_hint: ['O', 'o'],
  line_breaks: false,
  label: 'ON FORM SUBMIT',
  categories: AnyToken,
});
/**
 * `WEBHOOK` before a quoted name: the declaration that makes the script an HTTP endpoint
 * (docs/basic.md, "Webhooks and forms"). Only before a string, so `webhook` stays a variable name.
 */
export const WebhookDeclaration = createToken({
  name: 'WebhookDeclaration',
  pattern: /WEBHOOK(?=[ \t]+")/i,
  start_chars_hint: ['W', 'w'],
  line_breaks: false,
  label: 'WEBHOOK',
  categories: AnyToken,
});
/** `x IS NULL`, `x IS NOT NULL`: parse.ts turns it into `= NULL` / `<> NULL`. */
export const IsNull = createToken({
  name: 'IsNull',
  pattern: /IS[ \t]+(?:NOT[ \t]+)?NULL(?![A-Za-z0-9_])/i,
  start_chars_hint: ['I', 'i'],
  label: 'IS NULL',
  categories: [Junk, AnyToken],
});
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: (text: string, offset: number) => {
    if (text[offset] !== '"') return null;
    const scan = scanString(text, offset);
    return match(text, offset, scan.end, scan.error);
  },
  start_chars_hint: ['"'],
  // A string may go on over lines (parser-strings.ts).
  line_breaks: true,
  label: 'a string',
  categories: [Junk, AnyToken],
});
export const NumberLiteral = createToken({
  name: 'NumberLiteral',
  pattern: /(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/,
  label: 'a number',
  categories: [Junk, AnyToken],
});
export const Identifier = createToken({
  name: 'Identifier',
  pattern: /[A-Za-z_][A-Za-z0-9_]*/,
  categories: [Name, AnyWord, AnyToken],
});

// ---------------------------------------------------------------- keywords

const keywords: TokenType[] = [];

/**
 * A keyword, matched case-insensitively as a whole word. `kind`: reserved words start or shape
 * statements; soft ones are also Names; junk ones can never start a line.
 */
function keyword(name: string, kind: 'reserved' | 'soft' | 'junk' = 'reserved', words?: [string, string], operator?: TokenType): TokenType {
  const categories = [AnyWord, AnyToken];
  if (operator !== undefined) categories.push(operator);
  if (kind === 'soft') categories.push(Name);
  if (kind === 'junk') categories.push(Junk);
  // Two-word closers (END IF, ELSE IF…) are one token, so a block end needs no lookahead.
  const source = words === undefined ? name : `${words[0]}[ \\t]${words[0] === 'ELSE' ? '*' : '+'}${words[1]}`;
  const token = createToken({
    name,
    pattern: new RegExp(`${source}(?![A-Za-z0-9_])`, 'i'),
    label: words === undefined ? name.toUpperCase() : words.join(' '),
    categories,
  });
  keywords.push(token);
  return token;
}

export const EndIf = keyword('EndIf', 'reserved', ['END', 'IF']);
export const EndSelect = keyword('EndSelect', 'reserved', ['END', 'SELECT']);
export const EndSub = keyword('EndSub', 'reserved', ['END', 'SUB']);
export const EndFunction = keyword('EndFunction', 'reserved', ['END', 'FUNCTION']);
export const EndTalk = keyword('EndTalk', 'reserved', ['END', 'TALK']);
export const EndFor = keyword('EndFor', 'reserved', ['END', 'FOR']);
export const EndWith = keyword('EndWith', 'reserved', ['END', 'WITH']);
/** Closes a WHILE block, as WEND. */
export const EndWhile = keyword('EndWhile', 'reserved', ['END', 'WHILE']);
export const EndSwitch = keyword('EndSwitch', 'reserved', ['END', 'SWITCH']);
/** Closes the reference's `ON FORM SUBMIT` block. */
export const EndOn = keyword('EndOn', 'reserved', ['END', 'ON']);
export const ElseIf = keyword('ElseIf', 'reserved', ['ELSE', 'IF']);

export const If = keyword('If');
export const Then = keyword('Then', 'junk');
export const Else = keyword('Else');
export const End = keyword('End');
export const For = keyword('For');
export const Each = keyword('Each', 'soft');
export const In = keyword('In', 'soft');
export const To = keyword('To', 'soft');
export const Step = keyword('Step', 'soft');
export const Next = keyword('Next');
export const Do = keyword('Do');
export const Loop = keyword('Loop');
export const While = keyword('While');
export const Until = keyword('Until', 'junk');
export const Wend = keyword('Wend');
export const Exit = keyword('Exit');
export const Select = keyword('Select');
export const Switch = keyword('Switch');
export const Case = keyword('Case');
export const Sub = keyword('Sub');
export const Function = keyword('Function');
export const Call = keyword('Call');
export const Return = keyword('Return');
export const Param = keyword('Param');
export const As = keyword('As', 'soft');
export const Like = keyword('Like', 'soft');
/** `a CONTAINS b` (a comparison, parser/ast-builder.ts), and still the CONTAINS(a, b) function. */
export const Contains = createToken({ name: 'Contains', pattern: /CONTAINS(?![A-Za-z0-9_])/i, label: 'CONTAINS', categories: [CompareOp, Name, AnyWord, AnyToken] });
keywords.push(Contains);
export const Description = keyword('Description', 'soft');
export const Let = keyword('Let');
export const Set = keyword('Set');
export const Talk = keyword('Talk');
export const Begin = keyword('Begin', 'junk');
export const Hear = keyword('Hear');
export const Add = keyword('Add', 'soft');
export const Suggestions = keyword('Suggestions', 'soft');
export const Suggestion = keyword('Suggestion', 'soft');
export const Clear = keyword('Clear');
export const Headers = keyword('Headers', 'soft');
export const Header = keyword('Header', 'soft');
export const Wait = keyword('Wait');
export const Get = keyword('Get');
export const Post = keyword('Post');
export const Put = keyword('Put');
export const Patch = keyword('Patch');
export const Delete = keyword('Delete');
export const Save = keyword('Save');
export const Find = keyword('Find');
export const Insert = keyword('Insert');
export const Update = keyword('Update');
export const Bot = keyword('Bot', 'soft');
export const Memory = keyword('Memory', 'soft');
export const Remember = keyword('Remember');
export const Recall = keyword('Recall');
export const Session = keyword('Session', 'soft');
export const Context = keyword('Context', 'soft');
export const Schedule = keyword('Schedule', 'soft');
export const Transfer = keyword('Transfer');
export const Human = keyword('Human', 'soft');
export const Create = keyword('Create');
export const Meeting = keyword('Meeting', 'soft');
export const Send = keyword('Send');
export const Mail = keyword('Mail', 'soft');
export const Llm = keyword('Llm');
export const With = keyword('With');
export const And = keyword('And', 'junk', undefined, LogicOp);
export const Or = keyword('Or', 'junk', undefined, LogicOp);
export const Not = keyword('Not', 'junk');
export const Mod = keyword('Mod', 'junk', undefined, TightOp);
export const True = keyword('True', 'junk');
export const False = keyword('False', 'junk');
export const Null = keyword('Null', 'junk');

// ---------------------------------------------------------------- operators and punctuation

const symbol = (name: string, pattern: RegExp, label: string, categories: TokenType[] = []): TokenType =>
  createToken({ name, pattern, label: `"${label}"`, categories: [...categories, Junk, AnyToken] });

export const LessEqual = symbol('LessEqual', /<=/, '<=', [CompareOp]);
export const GreaterEqual = symbol('GreaterEqual', />=/, '>=', [CompareOp]);
export const NotEqual = symbol('NotEqual', /<>|!=/, '<>', [CompareOp]);
/** `&&`, `||` and `!`: the templates' spellings of AND, OR and NOT (docs/basic.md, "Operators"). */
export const AndSymbol = symbol('AndSymbol', /&&/, '&&', [And]);
export const OrSymbol = symbol('OrSymbol', /\|\|/, '||', [Or]);
export const NotSymbol = symbol('NotSymbol', /!/, '!', [Not]);
export const Less = symbol('Less', /</, '<', [CompareOp]);
export const Greater = symbol('Greater', />/, '>', [CompareOp]);
export const Equals = symbol('Equals', /=/, '=', [CompareOp]);
export const Plus = symbol('Plus', /\+/, '+', [AddOp]);
export const Minus = symbol('Minus', /-/, '-', [AddOp]);
export const Star = symbol('Star', /\*/, '*', [MulOp]);
export const Slash = symbol('Slash', /\//, '/', [MulOp]);
export const Backslash = symbol('Backslash', /\\/, '\\', [TightOp]);
export const Caret = symbol('Caret', /\^/, '^', [TightOp]);
export const Ampersand = symbol('Ampersand', /&/, '&', [TightOp]);
export const LParen = symbol('LParen', /\(/, '(');
export const RParen = symbol('RParen', /\)/, ')');
export const LBracket = symbol('LBracket', /\[/, '[');
export const RBracket = symbol('RBracket', /]/, ']');
export const LBrace = symbol('LBrace', /#?{/, '{');
export const RBrace = symbol('RBrace', /}/, '}');
export const Comma = symbol('Comma', /,/, ',');
export const Colon = symbol('Colon', /:/, ':');
/** `a?.b` reads as `a.b`: a member of NULL is already NULL (docs/basic.md, "Objects"). */
export const Dot = symbol('Dot', /\??\./, '.');

/** All token types, in matching order (the parser's vocabulary, categories included). */
export const allTokens: TokenType[] = [
  AnyToken, AnyWord, Name, Junk, LogicOp, BinaryOp, TightOp, AddOp, MulOp, CompareOp,
  WhiteSpace, QuotedText, Comment, Newline, TalkBlock, PromptBlock, TableBlock, IndexDeclaration, WorkflowStep, OnTableEvent, OnFormSubmit, WebhookDeclaration, Phrase, IsNull, StringLiteral, NumberLiteral,
  ...keywords,
  Identifier,
  LessEqual, GreaterEqual, NotEqual, AndSymbol, OrSymbol, NotSymbol, Less, Greater, Equals, Plus, Minus, Star, Slash, Backslash,
  Caret, Ampersand, LParen, RParen, LBracket, RBracket, LBrace, RBrace, Comma, Colon, Dot,
];

/** The lexer, built once: chevrotain validates the token definitions here, at start-up. */
export const basicLexer = new Lexer(allTokens, { ensureOptimizations: true, positionTracking: 'full' });
