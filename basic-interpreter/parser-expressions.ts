/**
 * Expression rules of the BASIC grammar, one rule per precedence level, lowest first (VB order):
 * OR, AND, NOT, comparisons, &, + -, MOD, \, * /, unary - +, ^, then member/index access and the
 * primaries. Keyword expressions (GET, POST, FIND…) come from parser-keywords.ts.
 */
import { CstParser, EOF, type CstNode, type IParserConfig, type ParserMethod } from 'chevrotain';
import * as T from './tokens.js';

type Rule = ParserMethod<[], CstNode>;

/** The expression layer of the grammar, the base of the parser built in parser.ts. */
export abstract class ExpressionParser extends CstParser {
  protected abstract readonly keywordExpression: Rule;

  constructor(config: IParserConfig) {
    super(T.allTokens, config);
  }

  /** True when the k-th next token ends a statement: end of line or file, or the ELSE of a one-line IF. */
  protected endsStatement(k: number): boolean {
    const type = this.LA(k).tokenType;
    return type === T.Newline || type === EOF || type === T.Else || type === T.ElseIf;
  }

  readonly expression: Rule = this.RULE('expression', () => {
    this.SUBRULE(this.andExpression);
    this.MANY(() => {
      this.CONSUME(T.Or);
      this.SUBRULE2(this.andExpression);
    });
  });

  readonly andExpression: Rule = this.RULE('andExpression', () => {
    this.SUBRULE(this.notExpression);
    this.MANY(() => {
      this.CONSUME(T.And);
      this.SUBRULE2(this.notExpression);
    });
  });

  readonly notExpression: Rule = this.RULE('notExpression', () => {
    this.OR({
      ERR_MSG: 'expected a value',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Not);
            this.SUBRULE(this.notExpression);
          },
        },
        { ALT: () => this.SUBRULE(this.comparison) },
      ],
    });
  });

  readonly comparison: Rule = this.RULE('comparison', () => {
    this.SUBRULE(this.concatenation);
    this.MANY(() => {
      this.CONSUME(T.CompareOp);
      this.SUBRULE2(this.concatenation);
    });
  });

  readonly concatenation: Rule = this.RULE('concatenation', () => {
    this.SUBRULE(this.additive);
    this.MANY(() => {
      this.CONSUME(T.Ampersand);
      this.SUBRULE2(this.additive);
    });
  });

  readonly additive: Rule = this.RULE('additive', () => {
    this.SUBRULE(this.modulo);
    this.MANY(() => {
      this.CONSUME(T.AddOp);
      this.SUBRULE2(this.modulo);
    });
  });

  readonly modulo: Rule = this.RULE('modulo', () => {
    this.SUBRULE(this.integerDivision);
    this.MANY(() => {
      this.CONSUME(T.Mod);
      this.SUBRULE2(this.integerDivision);
    });
  });

  readonly integerDivision: Rule = this.RULE('integerDivision', () => {
    this.SUBRULE(this.multiplicative);
    this.MANY(() => {
      this.CONSUME(T.Backslash);
      this.SUBRULE2(this.multiplicative);
    });
  });

  readonly multiplicative: Rule = this.RULE('multiplicative', () => {
    this.SUBRULE(this.unary);
    this.MANY(() => {
      this.CONSUME(T.MulOp);
      this.SUBRULE2(this.unary);
    });
  });

  /** `-x`, `+x`: looser than `^`, so `-2 ^ 2` is `-(2 ^ 2)`. */
  readonly unary: Rule = this.RULE('unary', () => {
    this.OR({
      ERR_MSG: 'expected a value',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.AddOp);
            this.SUBRULE(this.unary);
          },
        },
        { ALT: () => this.SUBRULE(this.power) },
      ],
    });
  });

  /** `a ^ b ^ c` is left-associative, as in VB. */
  readonly power: Rule = this.RULE('power', () => {
    this.SUBRULE(this.postfix);
    this.MANY(() => {
      this.CONSUME(T.Caret);
      this.SUBRULE(this.exponent);
    });
  });

  /** The right side of `^` may carry a sign: `2 ^ -1`. */
  readonly exponent: Rule = this.RULE('exponent', () => {
    this.OR({
      ERR_MSG: 'expected a value',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.AddOp);
            this.SUBRULE(this.exponent);
          },
        },
        { ALT: () => this.SUBRULE(this.postfix) },
      ],
    });
  });

  readonly postfix: Rule = this.RULE('postfix', () => {
    this.SUBRULE(this.primary);
    this.MANY(() => this.SUBRULE(this.accessor));
  });

  /** `.name` (any word, case kept) or `[index]`; shared by expressions and assignment targets. */
  readonly accessor: Rule = this.RULE('accessor', () => {
    this.OR([
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
    ]);
  });

  readonly primary: Rule = this.RULE('primary', () => {
    this.OR({
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
        { ALT: () => this.SUBRULE(this.nameOrCall) },
      ],
    });
  });

  /** A variable, or a call when `(` follows the name. */
  readonly nameOrCall: Rule = this.RULE('nameOrCall', () => {
    this.CONSUME(T.Name);
    this.OPTION(() => this.SUBRULE(this.callArguments));
  });

  readonly callArguments: Rule = this.RULE('callArguments', () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression) });
    this.CONSUME(T.RParen);
  });

  readonly parenthesized: Rule = this.RULE('parenthesized', () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.expression);
    this.CONSUME(T.RParen);
  });

  readonly arrayLiteral: Rule = this.RULE('arrayLiteral', () => {
    this.CONSUME(T.LBracket);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression) });
    this.CONSUME(T.RBracket);
  });

  readonly objectLiteral: Rule = this.RULE('objectLiteral', () => {
    this.CONSUME(T.LBrace);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.objectEntry) });
    this.CONSUME(T.RBrace);
  });

  /** `key: value`, the key a word or a string, kept as written. */
  readonly objectEntry: Rule = this.RULE('objectEntry', () => {
    this.OR({
      ERR_MSG: 'expected a key (a name or a string)',
      DEF: [{ ALT: () => this.CONSUME(T.AnyWord) }, { ALT: () => this.CONSUME(T.StringLiteral) }],
    });
    this.CONSUME(T.Colon, { ERR_MSG: 'expected ":" after the key' });
    this.SUBRULE(this.expression);
  });
}
