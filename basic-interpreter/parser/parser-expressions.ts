/**
 * Expression rules of the BASIC grammar. Precedence, lowest first (VB order): OR, AND, NOT,
 * comparisons, &, + -, MOD, \, * /, unary - +, ^ (left-associative, and a sign right after `^`
 * belongs to its operand: `2 ^ -1`). The rules read operators flat, and the AST builder
 * (parser-build-expressions.ts) applies this precedence. Then member/index access and the
 * primaries; keyword expressions (GET, POST, FIND…) come from parser-keywords.ts.
 */
import { CstParser, EOF, type CstNode, type IParserConfig, type ParserMethod } from 'chevrotain';
import * as T from './tokens.js';

type Rule = ParserMethod<[], CstNode>;

/** The expression layer of the grammar, the base of the parser built in parser.ts. */
export abstract class ExpressionParser extends CstParser {
  protected abstract readonly keywordExpression: Rule;
  protected abstract readonly callEndpointExpression: Rule;
  protected abstract readonly phraseArguments: Rule;
  /** True when the name just read is a one-word phrase and an argument follows (parser-keywords.ts). */
  protected abstract atWordPhrase(): boolean;

  private readonly built = new Map<string, unknown>();

  constructor(config: IParserConfig) {
    super(T.allTokens, config);
  }

  /**
   * The alternatives of an OR (or the options of a repetition) at `site`, built at the first call
   * and reused after, so a parse allocates no closures for them (docs/basic.md, "How the
   * interpreter is built"). Only for closures that use nothing but `this`: IF's alternatives keep
   * its first token, so they are built per IF.
   */
  protected once<T>(site: string, build: () => T): T {
    let value = this.built.get(site) as T | undefined;
    if (value === undefined) this.built.set(site, (value = build()));
    return value;
  }

  /** True when the k-th next token ends a statement: end of line or file, or the ELSE of a one-line IF. */
  protected endsStatement(k: number): boolean {
    const type = this.LA(k).tokenType;
    return type === T.Newline || type === EOF || type === T.Else || type === T.ElseIf;
  }

  /**
   * `a OR b AND NOT c`: negations joined by AND and OR (AND binds tighter; the builder folds
   * them). The first negation's parts sit in this node itself and only the ones after an AND or
   * OR get a `negation` node: most expressions are one name, literal or comparison, and each CST
   * node is an allocation.
   */
  readonly expression: Rule = this.RULE('expression', () => {
    this.negationParts();
    this.MANY3(this.nextNegation);
  });

  /** `NOT x > 1` after an AND or OR. */
  readonly negation: Rule = this.RULE('negation', () => {
    this.negationParts();
  });

  /**
   * `NOT NOT x > 1`, `-a * b ^ 2 & "x" < c`: a comparison or calculation, maybe negated (NOT binds
   * looser than comparisons, tighter than AND). Operands and operators are read flat and in
   * order; the AST builder gives them their precedence, so an operand costs one rule call instead
   * of one per precedence level. Shared by `expression` and `negation` (MANY3 is left to them).
   */
  private negationParts(): void {
    this.MANY(this.notWord);
    this.SUBRULE(this.operand);
    this.MANY2(this.nextOperand);
  }

  // The bodies of the repetitions above, made once: a closure written inline in a rule is a new
  // object at every call, and these run for every operand of every expression.
  private readonly notWord = (): void => {
    this.CONSUME(T.Not);
  };

  private readonly nextOperand = (): void => {
    this.CONSUME(T.BinaryOp);
    this.SUBRULE2(this.operand);
  };

  private readonly nextNegation = (): void => {
    this.CONSUME(T.LogicOp);
    this.SUBRULE(this.negation);
  };

  private readonly sign = (): void => {
    this.CONSUME(T.AddOp);
  };

  private readonly accessorAfter = (): void => {
    this.SUBRULE(this.accessor);
  };

  /**
   * A value with the signs before it and the accessors after it: `-x`, `a.b[1]`, `f(x).y`. The
   * value is read here, not in a rule of its own, for the same reason as in `expression`.
   */
  readonly operand: Rule = this.RULE('operand', () => {
    this.MANY(this.sign);
    this.OR(this.primaryAlternatives);
    this.MANY2(this.accessorAfter);
  });

  /** `.name` (any word, case kept) or `[index]`; shared by expressions and assignment targets. */
  readonly accessor: Rule = this.RULE('accessor', () => {
    this.OR(this.once('accessor', () => [
      {
        ALT: () => {
          this.CONSUME(T.Dot);
          this.CONSUME(T.AnyWord, { ERR_MSG: 'expected a member name after "."' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.LBracket);
          this.SUBRULE(this.expression);
          this.CONSUME(T.RBracket);
        },
      },
    ]));
  });

  /** The value of an operand: a literal, a bracketed value, a keyword expression or a name. */
  private readonly primaryAlternatives = {
    ERR_MSG: 'expected a value',
    DEF: [
      { ALT: () => this.CONSUME(T.NumberLiteral) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      { ALT: () => this.CONSUME(T.Null) },
      { ALT: () => this.SUBRULE(this.arrayLiteral) },
      { ALT: () => this.SUBRULE(this.objectLiteral) },
      { ALT: () => this.SUBRULE(this.parenthesized) },
      { ALT: () => this.SUBRULE(this.keywordExpression) },
      { ALT: () => this.SUBRULE(this.callEndpointExpression) },
      {
        // A variable, a call when `(` follows the name, or a one-word phrase (`READ path`).
        ALT: () => {
          this.CONSUME(T.Name);
          this.OPTION(this.callAfterName);
          this.OPTION2(this.phraseAfterName);
        },
      },
    ],
  };

  private readonly callAfterName = (): void => {
    this.SUBRULE(this.callArguments);
  };

  private readonly phraseAfterName = {
    GATE: (): boolean => this.atWordPhrase(),
    DEF: (): void => {
      this.SUBRULE(this.phraseArguments);
    },
  };

  readonly callArguments: Rule = this.RULE('callArguments', () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP(this.once('callArguments', () => ({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression) })));
    this.CONSUME(T.RParen);
  });

  readonly parenthesized: Rule = this.RULE('parenthesized', () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.expression);
    this.CONSUME(T.RParen);
  });

  readonly arrayLiteral: Rule = this.RULE('arrayLiteral', () => {
    this.CONSUME(T.LBracket);
    this.MANY_SEP(this.once('arrayLiteral', () => ({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression) })));
    this.CONSUME(T.RBracket);
  });

  readonly objectLiteral: Rule = this.RULE('objectLiteral', () => {
    this.CONSUME(T.LBrace);
    this.MANY_SEP(this.once('objectLiteral', () => ({ SEP: T.Comma, DEF: () => this.SUBRULE(this.objectEntry) })));
    this.CONSUME(T.RBrace);
  });

  /** `key: value`, the key a word or a string, kept as written. */
  readonly objectEntry: Rule = this.RULE('objectEntry', () => {
    this.OR(this.once('objectEntry', () => ({
      ERR_MSG: 'expected a key (a name or a string)',
      DEF: [{ ALT: () => this.CONSUME(T.AnyWord) }, { ALT: () => this.CONSUME(T.StringLiteral) }],
    })));
    this.CONSUME(T.Colon, { ERR_MSG: 'expected ":" after the key' });
    this.SUBRULE(this.expression);
  });
}
