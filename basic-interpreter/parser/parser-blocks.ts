/**
 * Block statement rules of the BASIC grammar: IF, FOR, DO, WHILE, SELECT CASE, SUB, FUNCTION.
 *
 * Block ends are found without guessing: while a block is open, its closing words (NEXT, LOOP,
 * END IF, ELSE…) end the body of any block nested in it, and a block that meets another block's
 * closer or the end of the file reports `IF without END IF (opened on line 3)` and lets the outer
 * block go on.
 */
import type { CstNode, IToken, ParserMethod, TokenType } from 'chevrotain';
import { StatementParser } from './parser-statements.js';
import * as T from './tokens.js';

type Rule = ParserMethod<[], CstNode>;
type BlockKind = 'IF' | 'FOR' | 'DO' | 'WHILE' | 'SELECT' | 'SUB' | 'FUNCTION' | 'WITH' | 'ON';

/** The words that end or continue each kind of block. */
const boundaries: Record<BlockKind, TokenType[]> = {
  IF: [T.Else, T.ElseIf, T.EndIf],
  FOR: [T.Next, T.EndFor],
  DO: [T.Loop],
  WHILE: [T.Wend],
  SELECT: [T.Case, T.EndSelect, T.EndSwitch],
  SUB: [T.EndSub],
  FUNCTION: [T.EndFunction],
  WITH: [T.EndWith],
  ON: [T.EndOn],
};

/** An error found while parsing: the token it points at, and its message. */
export interface GrammarError {
  token: IToken;
  message: string;
}

/** The block-statement layer of the grammar; parser.ts completes it with the line rules. */
export abstract class BlockParser extends StatementParser {
  /** The lines of a block body (parser.ts). */
  protected abstract readonly block: Rule;
  /** One line of any kind (parser.ts). */
  protected abstract readonly line: Rule;
  protected readonly openBlocks: BlockKind[] = [];
  protected readonly structureErrors: GrammarError[] = [];

  readonly ifStatement: Rule = this.RULE('ifStatement', () => {
    const start = this.CONSUME(T.If);
    this.SUBRULE(this.expression);
    this.CONSUME(T.Then, { ERR_MSG: 'expected THEN after the IF condition' });
    this.OR({
      ERR_MSG: 'expected end of line or a one-line statement after THEN',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Newline);
            this.inBlock('IF', start, 'IF without END IF', () => {
              this.SUBRULE(this.block);
              this.MANY(() => this.SUBRULE(this.elseClause));
            }, () => this.CONSUME(T.EndIf));
          },
        },
        {
          ALT: () => {
            this.SUBRULE(this.simpleStatement);
            this.MANY2(() => this.SUBRULE(this.inlineElse));
          },
        },
      ],
    });
  });

  /** `ELSEIF c THEN` / `ELSE IF c THEN` / `ELSE`: how every further branch of an IF starts. */
  readonly elseHead: Rule = this.RULE('elseHead', () => {
    this.OR(this.once('elseHead', () => [
      {
        ALT: () => {
          this.CONSUME(T.ElseIf);
          this.SUBRULE(this.expression);
          this.CONSUME(T.Then, { ERR_MSG: 'expected THEN after the ELSEIF condition' });
        },
      },
      { ALT: () => this.CONSUME(T.Else) },
    ]));
  });

  /** A further branch of a block IF, with its body on the next lines. */
  readonly elseClause: Rule = this.RULE('elseClause', () => {
    this.SUBRULE(this.elseHead);
    this.CONSUME(T.Newline, { ERR_MSG: 'expected end of line: in a block IF the statements go on the next lines' });
    this.SUBRULE(this.block);
  });

  /** A further branch of a one-line IF: `ELSEIF c THEN stmt` / `ELSE stmt`. */
  readonly inlineElse: Rule = this.RULE('inlineElse', () => {
    this.SUBRULE(this.elseHead);
    this.SUBRULE(this.simpleStatement);
  });

  readonly forStatement: Rule = this.RULE('forStatement', () => {
    const start = this.CONSUME(T.For);
    this.OR(this.once('forStatement', () => ({
      ERR_MSG: 'expected FOR i = 1 TO 10 or FOR EACH item IN list',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Each);
            this.CONSUME(T.Name, { ERR_MSG: 'expected a variable name after FOR EACH' });
            this.CONSUME(T.In, { ERR_MSG: 'expected IN after the FOR EACH variable' });
            this.SUBRULE(this.expression);
          },
        },
        {
          ALT: () => {
            this.CONSUME2(T.Name);
            this.CONSUME(T.Equals, { ERR_MSG: 'expected "=" after the FOR variable' });
            this.SUBRULE2(this.expression, { LABEL: 'from' });
            this.CONSUME(T.To, { ERR_MSG: 'expected TO after the start value of FOR' });
            this.SUBRULE3(this.expression, { LABEL: 'to' });
            this.OPTION(() => {
              this.CONSUME(T.Step);
              this.SUBRULE4(this.expression, { LABEL: 'step' });
            });
          },
        },
      ],
    })));
    this.CONSUME(T.Newline);
    this.inBlock('FOR', start, 'FOR without NEXT', () => this.SUBRULE(this.block), () => {
      this.OR2(this.once('forStatement.close', () => [
        {
          ALT: () => {
            this.CONSUME(T.Next);
            this.OPTION2(() => this.CONSUME3(T.Name, { LABEL: 'nextName' }));
          },
        },
        { ALT: () => this.CONSUME(T.EndFor) },
      ]));
    });
  });

  /** `WITH object` … `.member = value` lines … `END WITH`. */
  readonly withStatement: Rule = this.RULE('withStatement', () => {
    const start = this.CONSUME(T.With);
    this.SUBRULE(this.expression);
    this.CONSUME(T.Newline);
    this.inBlock('WITH', start, 'WITH without END WITH', () => this.SUBRULE(this.block), () => this.CONSUME(T.EndWith));
  });

  /** `.member = value` inside WITH: a member of the WITH object. */
  readonly withMember: Rule = this.RULE('withMember', () => {
    this.CONSUME(T.Dot);
    this.CONSUME(T.AnyWord, { ERR_MSG: 'expected a member name after "."' });
    this.MANY(() => this.SUBRULE(this.accessor));
    this.CONSUME(T.Equals, { ERR_MSG: 'expected "=" to assign a value' });
    this.SUBRULE(this.expression);
    this.CONSUME(T.Newline);
  });

  readonly doStatement: Rule = this.RULE('doStatement', () => {
    const start = this.CONSUME(T.Do);
    this.OPTION(() => this.SUBRULE(this.loopCondition, { LABEL: 'before' }));
    this.CONSUME(T.Newline);
    this.inBlock('DO', start, 'DO without LOOP', () => this.SUBRULE(this.block), () => {
      this.CONSUME(T.Loop);
      this.OPTION2(() => this.SUBRULE2(this.loopCondition, { LABEL: 'after' }));
    });
  });

  readonly loopCondition: Rule = this.RULE('loopCondition', () => {
    this.OR(this.once('loopCondition', () => [{ ALT: () => this.CONSUME(T.While) }, { ALT: () => this.CONSUME(T.Until) }]));
    this.SUBRULE(this.expression);
  });

  readonly whileStatement: Rule = this.RULE('whileStatement', () => {
    const start = this.CONSUME(T.While);
    this.SUBRULE(this.expression);
    this.CONSUME(T.Newline);
    this.inBlock('WHILE', start, 'WHILE without WEND', () => this.SUBRULE(this.block), () => this.CONSUME(T.Wend));
  });

  readonly selectStatement: Rule = this.RULE('selectStatement', () => {
    // SELECT CASE x … END SELECT, or the reference's SWITCH x … END SWITCH.
    let start = this.LA(1);
    this.OR9(this.once('selectStatement.head', () => [
      {
        ALT: () => {
          start = this.CONSUME(T.Select);
          this.CONSUME(T.Case, { ERR_MSG: 'expected CASE after SELECT' });
        },
      },
      { ALT: () => { start = this.CONSUME(T.Switch); } },
    ]));
    this.SUBRULE(this.expression);
    this.CONSUME(T.Newline);
    this.inBlock('SELECT', start, 'SELECT CASE without END SELECT', () => {
      this.MANY(this.once('selectStatement', () => ({
        GATE: () => !this.atBoundary(T.Case),
        DEF: () => {
          this.OR(this.once('selectStatement.OR', () => ({
            MAX_LOOKAHEAD: 1,
            IGNORE_AMBIGUITIES: true,
            DEF: [{ ALT: () => this.SUBRULE(this.caseClause) }, { ALT: () => this.SUBRULE(this.line) }],
          })));
        },
      })));
    }, () => this.OR8(this.once('selectStatement.close', () => [{ ALT: () => this.CONSUME(T.EndSelect) }, { ALT: () => this.CONSUME(T.EndSwitch) }])));
  });

  readonly caseClause: Rule = this.RULE('caseClause', () => {
    this.CONSUME(T.Case);
    this.OR(this.once('caseClause', () => ({
      ERR_MSG: 'expected a value or ELSE after CASE',
      DEF: [{ ALT: () => this.CONSUME(T.Else) }, { ALT: () => this.SUBRULE(this.argumentList) }],
    })));
    this.CONSUME(T.Newline);
    this.SUBRULE(this.block);
  });

  /** `ON FORM SUBMIT "form" [WITH VALIDATION]` … `END ON`: the lines that run when the form is posted. */
  readonly formSubmitHandler: Rule = this.RULE('formSubmitHandler', () => {
    const start = this.CONSUME(T.OnFormSubmit);
    this.CONSUME(T.StringLiteral, { ERR_MSG: 'expected the form name in quotes: ON FORM SUBMIT "contact"' });
    this.OPTION(() => {
      this.CONSUME(T.With);
      this.CONSUME(T.Name, { LABEL: 'option', ERR_MSG: 'expected VALIDATION after WITH' });
    });
    this.CONSUME(T.Newline);
    this.inBlock('ON', start, 'ON FORM SUBMIT without END ON', () => this.SUBRULE(this.block), () => this.CONSUME(T.EndOn));
  });

  readonly subDefinition: Rule = this.RULE('subDefinition', () => {
    const start = this.CONSUME(T.Sub);
    this.SUBRULE(this.procedureHeader);
    this.inBlock('SUB', start, 'SUB without END SUB', () => this.SUBRULE(this.block), () => this.CONSUME(T.EndSub));
  });

  readonly functionDefinition: Rule = this.RULE('functionDefinition', () => {
    const start = this.CONSUME(T.Function);
    this.SUBRULE(this.procedureHeader);
    this.inBlock('FUNCTION', start, 'FUNCTION without END FUNCTION', () => this.SUBRULE(this.block), () =>
      this.CONSUME(T.EndFunction));
  });

  /** `name`, `name()` or `name(a, b)`, then the end of the line. */
  readonly procedureHeader: Rule = this.RULE('procedureHeader', () => {
    this.CONSUME(T.Name, { ERR_MSG: 'expected the name of the SUB or FUNCTION' });
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP(this.once('procedureHeader', () => ({ SEP: T.Comma, DEF: () => this.CONSUME2(T.Name, { LABEL: 'parameter' }) })));
      this.CONSUME(T.RParen);
    });
    this.CONSUME(T.Newline);
  });

  /**
   * Parses a block body with `kind` open (so its closing words end the bodies nested in it), then
   * its closing words, or reports `IF without END IF (opened on line 3)`: also when an error
   * abandons the body, since the closing words will then never be read.
   */
  private inBlock(kind: BlockKind, start: IToken, message: string, body: () => void, closer: () => void): void {
    const unclosed = (): void => {
      this.structureErrors.push({ token: this.LA(1), message: `${message} (opened on line ${start.startLine})` });
    };
    this.ACTION(() => this.openBlocks.push(kind));
    try {
      body();
    } catch (error) {
      this.ACTION(unclosed);
      throw error;
    } finally {
      this.ACTION(() => this.openBlocks.pop());
    }
    let closed = false;
    this.OPTION9(() => {
      closer();
      closed = true;
    });
    this.ACTION(() => {
      if (!closed) unclosed();
    });
  }

  /** True at a word that ends or continues an open block (except the `continuing` ones). */
  protected atBoundary(...continuing: TokenType[]): boolean {
    const type = this.LA(1).tokenType;
    if (continuing.includes(type)) return false;
    return this.openBlocks.some((kind) => boundaries[kind].includes(type));
  }
}
