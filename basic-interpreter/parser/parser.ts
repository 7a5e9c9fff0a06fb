/**
 * The BASIC grammar: a program is lines; a line is a statement, a blank, or something that cannot
 * be parsed (reported, then skipped to the end of the line, so every error in a file is found).
 * This file holds the line-level rules; block statements, one-line statements, keyword phrases and
 * expressions come from the parser-*.ts files it extends. The parser is built once (`basicParser`).
 */
import { EMPTY_ALT, type CstNode, type IToken, type ParserMethod } from 'chevrotain';
import { basicErrorMessages } from './parse-errors.js';
import { BlockParser, type GrammarError } from './parser-blocks.js';
import { BasicLookaheadStrategy } from './parser-lookahead.js';
import * as T from './tokens.js';

type Rule = ParserMethod<[], CstNode>;

export type { GrammarError } from './parser-blocks.js';

/** The outcome of one parse: the CST (partial when there are errors) and the errors, by kind. */
export interface ParserRun {
  cst: CstNode;
  /** Chevrotain's recognition errors, worded by parse-errors.ts. */
  syntaxErrors: GrammarError[];
  /** Blocks left open (`IF without END IF (opened on line 3)`). */
  structureErrors: GrammarError[];
}

const MAX_LOOKAHEAD = 3;

class BasicParser extends BlockParser {
  constructor() {
    super({
      recoveryEnabled: true,
      maxLookahead: MAX_LOOKAHEAD,
      lookaheadStrategy: new BasicLookaheadStrategy({ maxLookahead: MAX_LOOKAHEAD }),
      errorMessageProvider: basicErrorMessages,
    });
    this.performSelfAnalysis();
  }

  /** Parses a whole token vector with `rule`: chevrotain's errors, and the blocks left open. */
  run(tokens: IToken[], rule: 'program' | 'expression'): ParserRun {
    this.input = tokens;
    this.openBlocks.length = 0;
    this.structureErrors.length = 0;
    const cst = rule === 'program' ? this.program() : this.expression();
    const syntaxErrors = this.errors.map((e) => ({ token: e.token, message: e.message }));
    return { cst, syntaxErrors, structureErrors: [...this.structureErrors] };
  }

  readonly program: Rule = this.RULE('program', () => {
    this.MANY(() => this.SUBRULE(this.line));
  });

  protected readonly line: Rule = this.RULE('line', () => {
    this.OR(this.once('line', () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { ALT: () => this.CONSUME(T.Newline) },
        { ALT: () => this.SUBRULE(this.statementLine) },
        { ALT: () => this.SUBRULE(this.strayLine) },
        { GATE: () => this.openBlocks.includes('WITH'), ALT: () => this.SUBRULE(this.withMember) },
        { ALT: () => this.SUBRULE(this.junkLine) },
      ],
    })));
  });

  /**
   * A statement and its line end; a block left open (no END IF…) already stands at a line start.
   * The statement is read here, not in a rule of its own: one CST node fewer per line.
   */
  readonly statementLine: Rule = this.RULE('statementLine', () => {
    this.OR(this.once('statement', () => ({
      MAX_LOOKAHEAD: 1,
      DEF: [
        { ALT: () => this.SUBRULE(this.ifStatement) },
        { ALT: () => this.SUBRULE(this.forStatement) },
        { ALT: () => this.SUBRULE(this.doStatement) },
        { ALT: () => this.SUBRULE(this.whileStatement) },
        { ALT: () => this.SUBRULE(this.selectStatement) },
        { ALT: () => this.SUBRULE(this.subDefinition) },
        { ALT: () => this.SUBRULE(this.functionDefinition) },
        { ALT: () => this.SUBRULE(this.withStatement) },
        { ALT: () => this.SUBRULE(this.paramDeclaration) },
        { ALT: () => this.SUBRULE(this.tableTriggerDeclaration) },
        { ALT: () => this.SUBRULE(this.webhookDeclaration) },
        { ALT: () => this.SUBRULE(this.formSubmitHandler) },
        // DESCRIPTION is a soft keyword: `description = 1` is an assignment.
        { GATE: () => this.LA(2).tokenType === T.StringLiteral, ALT: () => this.SUBRULE(this.descriptionStatement) },
        { ALT: () => this.CONSUME(T.TalkBlock) },
        { ALT: () => this.CONSUME(T.PromptBlock) },
        { ALT: () => this.SUBRULE(this.simpleStatement) },
      ],
    })));
    this.OR2(this.once('statementLine', () => ({
      ERR_MSG: 'expected end of line',
      DEF: [
        { ALT: () => this.CONSUME(T.Newline) },
        { GATE: () => this.LA(0).tokenType === T.Newline, ALT: EMPTY_ALT() },
      ],
    })));
  });

  /** A closing word that closes no open block (`NEXT` without FOR): reported by the builder. */
  readonly strayLine: Rule = this.RULE('strayLine', () => {
    this.OR(this.once('strayLine', () => [T.Next, T.Loop, T.Wend, T.Else, T.ElseIf, T.Case, T.EndIf, T.EndSelect, T.EndSub, T.EndFunction, T.EndTalk, T.EndFor, T.EndWith, T.EndSwitch, T.EndOn, T.End]
      .map((closer) => ({ ALT: () => this.CONSUME(closer) }))));
    this.SUBRULE(this.restOfLine);
  });

  /** A line that starts with something no statement starts with: reported by the builder. */
  readonly junkLine: Rule = this.RULE('junkLine', () => {
    this.CONSUME(T.Junk);
    this.SUBRULE(this.restOfLine);
  });

  readonly restOfLine: Rule = this.RULE('restOfLine', () => {
    this.MANY(this.once('restOfLine', () => ({ GATE: () => this.LA(1).tokenType !== T.Newline, DEF: () => this.CONSUME(T.AnyToken) })));
    this.CONSUME(T.Newline);
  });

  /** The lines of a block body, up to a word that ends or continues an open block. */
  protected readonly block: Rule = this.RULE('block', () => {
    this.MANY(this.once('block', () => ({ GATE: () => !this.atBoundary(), DEF: () => this.SUBRULE(this.line) })));
  });
}

/** The parser, built (and its grammar checked by chevrotain) once, at start-up. */
export const basicParser = new BasicParser();
