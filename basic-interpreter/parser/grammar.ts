/**
 * The BASIC grammar, in the language's order: a program is lines; a line is a statement, a blank,
 * or something that cannot be parsed (reported, then skipped to the end of the line, so every
 * error in a file is found). Then the statements, the blocks, the keyword statements and keyword
 * expressions, and last the expressions, read flat (the AST builder gives them their precedence).
 * Error messages quote the phrase they expect, so a script author sees how it should look. The
 * parser is built (and its grammar checked by chevrotain) once, at start-up: `basicParser`.
 *
 * Block ends are found without guessing: while a block is open, its closing words (NEXT, LOOP,
 * END IF, ELSE…) end the body of any block nested in it, and a block that meets another block's
 * closer or the end of the file reports `IF without END IF (opened on line 3)` and lets the outer
 * block go on.
 */
import { CstParser, EMPTY_ALT, EOF, tokenMatcher, type CstNode, type IToken, type ParserMethod, type TokenType } from 'chevrotain';
import { basicErrorMessages } from './parse-errors.js';
import { BasicLookaheadStrategy } from './parser-lookahead.js';
import { WORD_PHRASES } from './phrases.js';
import * as T from './tokens.js';

type Rule = ParserMethod<[], CstNode>;
type BlockKind = 'IF' | 'FOR' | 'DO' | 'WHILE' | 'SELECT' | 'SUB' | 'FUNCTION' | 'WITH' | 'ON';

/** An error found while parsing: the token it points at, and its message. */
export interface GrammarError {
  token: IToken;
  message: string;
}

/** The outcome of one parse: the CST (partial when there are errors) and the errors, by kind. */
export interface ParserRun {
  cst: CstNode;
  /** Chevrotain's recognition errors, worded by parse-errors.ts. */
  syntaxErrors: GrammarError[];
  /** Blocks left open (`IF without END IF (opened on line 3)`). */
  structureErrors: GrammarError[];
}

/** The words that end or continue each kind of block. */
const boundaries: Record<BlockKind, TokenType[]> = {
  IF: [T.Else, T.ElseIf, T.EndIf],
  FOR: [T.Next, T.EndFor],
  DO: [T.Loop],
  WHILE: [T.Wend, T.EndWhile],
  SELECT: [T.Case, T.EndSelect, T.EndSwitch],
  SUB: [T.EndSub],
  FUNCTION: [T.EndFunction],
  WITH: [T.EndWith],
  ON: [T.EndOn],
};

/**
 * Words that join the arguments of a keyword phrase, besides `,`: `CREATE USER e WITH NAME n`,
 * `USE WEBSITE url REFRESH "1d"`, `ON EMAIL "a" SUBJECT "urgent"`, `ON CHANGE "f" EVENTS "create"`.
 */
const JOINERS: ReadonlySet<string> = new Set(['AS', 'TO', 'IN', 'WHERE', 'USING', 'INTO', 'FROM', 'BY', 'OF', 'AT', 'ON', 'FOR', 'REFRESH', 'SUBJECT', 'EVENTS', 'VIA', 'OFFSET', 'DATA', 'EXPIRES']);

/** The expected-comma message for a phrase with several arguments. */
const usage = (phrase: string): { ERR_MSG: string } => ({ ERR_MSG: `expected "," between arguments: ${phrase}` });

const MAX_LOOKAHEAD = 3;

class BasicParser extends CstParser {
  private readonly openBlocks: BlockKind[] = [];
  private readonly structureErrors: GrammarError[] = [];
  private readonly built = new Map<string, unknown>();

  /** `checkGrammar`: chevrotain's checks of the grammar itself (ambiguities, left recursion…), a second of every start. */
  constructor(checkGrammar: boolean) {
    super(T.allTokens, {
      recoveryEnabled: true,
      maxLookahead: MAX_LOOKAHEAD,
      lookaheadStrategy: new BasicLookaheadStrategy({ maxLookahead: MAX_LOOKAHEAD }),
      errorMessageProvider: basicErrorMessages,
      skipValidations: !checkGrammar,
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

  // ---------------------------------------------------------------- program and lines

  readonly program: Rule = this.RULE('program', () => {
    this.MANY(() => this.SUBRULE(this.line));
  });

  private readonly line: Rule = this.RULE('line', () => {
    this.OR(this.once('line', () => ({
      IGNORE_AMBIGUITIES: true,
      // The first token decides: the statement OR below looks at one token, and the others start
      // with a newline, a closing word, "." or junk. Paths 3 tokens deep through every statement
      // were seconds of every start.
      MAX_LOOKAHEAD: 1,
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
        { ALT: () => this.CONSUME(T.TableBlock) },
        { ALT: () => this.CONSUME(T.IndexDeclaration) },
        { ALT: () => this.CONSUME(T.WorkflowStep) },
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
    this.OR(this.once('strayLine', () => [T.Next, T.Loop, T.Wend, T.Else, T.ElseIf, T.Case, T.EndIf, T.EndSelect, T.EndSub, T.EndFunction, T.EndTalk, T.EndFor, T.EndWith, T.EndWhile, T.EndSwitch, T.EndOn, T.End]
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
  private readonly block: Rule = this.RULE('block', () => {
    this.MANY(this.once('block', () => ({ GATE: () => !this.atBoundary(), DEF: () => this.SUBRULE(this.line) })));
  });

  // ---------------------------------------------------------------- one-line statements

  /** Statements that fit on one line; also what a one-line IF may hold. */
  readonly simpleStatement: Rule = this.RULE('simpleStatement', () => {
    this.OR(this.once('simpleStatement', () => ({
      ERR_MSG: 'expected a statement',
      // One token decides (with the gate below for ADD SUGGESTION), as in `statementLine`.
      MAX_LOOKAHEAD: 1,
      DEF: [
        // ADD is soft (a FUNCTION may be called add): only ADD SUGGESTION makes it a keyword.
        { GATE: () => this.LA(2).tokenType === T.Suggestion, ALT: () => this.SUBRULE(this.addSuggestionStatement) },
        { ALT: () => this.SUBRULE(this.nameStatement) },
        { ALT: () => this.SUBRULE(this.setStatement) },
        { ALT: () => this.SUBRULE(this.letStatement) },
        { ALT: () => this.SUBRULE(this.callStatement) },
        { ALT: () => this.SUBRULE(this.returnStatement) },
        { ALT: () => this.SUBRULE(this.exitStatement) },
        { ALT: () => this.SUBRULE(this.talkStatement) },
        { ALT: () => this.SUBRULE(this.hearStatement) },
        { ALT: () => this.SUBRULE(this.clearStatement) },
        { ALT: () => this.SUBRULE(this.waitStatement) },
        { ALT: () => this.SUBRULE(this.saveStatement) },
        { ALT: () => this.SUBRULE(this.insertStatement) },
        { ALT: () => this.SUBRULE(this.updateStatement) },
        { ALT: () => this.SUBRULE(this.rememberStatement) },
        { ALT: () => this.SUBRULE(this.sendMailStatement) },
        // A value keyword used as a statement (POST url, body; TRANSFER TO HUMAN…): value discarded.
        { ALT: () => this.SUBRULE(this.keywordExpression) },
      ],
    })));
  });

  /** `x = v`, `a.b[i] = v`, `name(args)` or a bare `name`: one name, then what follows decides. */
  readonly nameStatement: Rule = this.RULE('nameStatement', () => {
    this.CONSUME(T.Name);
    // `PRINT x`, `WRITE path, data`: a one-word phrase (phrases.ts) and its arguments.
    this.OPTION(this.once('nameStatement.phrase', () => ({ GATE: () => this.atWordPhrase(), DEF: () => this.SUBRULE(this.phraseArguments) })));
    this.OR(this.once('nameStatement', () => [
      { ALT: () => this.SUBRULE(this.callArguments) },
      {
        // `a.b[i] = v`; without `=`, a method-style call standing alone (`list.push(v)`).
        ALT: () => {
          this.AT_LEAST_ONE(() => this.SUBRULE(this.accessor));
          this.OPTION2(() => this.SUBRULE(this.assignedValue));
        },
      },
      { ALT: () => this.SUBRULE2(this.assignedValue) },
      { ALT: EMPTY_ALT() },
    ]));
  });

  /** `= value`, or `= HEAR [AS type]` (the templates' spelling of `HEAR name [AS type]`). */
  readonly assignedValue: Rule = this.RULE('assignedValue', () => {
    this.CONSUME(T.Equals, { ERR_MSG: 'expected "=" to assign a value' });
    this.OR(this.once('assignedValue', () => [
      {
        ALT: () => {
          this.CONSUME(T.Hear);
          this.OPTION(() => {
            this.CONSUME(T.As);
            this.SUBRULE(this.hearSpec);
          });
        },
      },
      { ALT: () => this.SUBRULE(this.expression) },
    ]));
  });

  /** `SET HEADER/SESSION/BOT MEMORY/CONTEXT/SCHEDULE …` (keywords win) or `SET target = value`. */
  readonly setStatement: Rule = this.RULE('setStatement', () => {
    this.CONSUME(T.Set);
    this.OR(this.once('setStatement', () => ({
      IGNORE_AMBIGUITIES: true,
      ERR_MSG: 'expected a variable, HEADER, SESSION, BOT MEMORY, CONTEXT or SCHEDULE after SET',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Header);
            this.SUBRULE(this.headerName);
            // `SET HEADER name, value`; the templates also write `AS value` and `= value`.
            this.OR3(this.once('setStatement.header', () => ({
              ERR_MSG: usage('SET HEADER name, value').ERR_MSG,
              DEF: [{ ALT: () => this.CONSUME(T.Comma) }, { ALT: () => this.CONSUME2(T.As) }, { ALT: () => this.CONSUME(T.Equals) }],
            })));
            this.SUBRULE2(this.expression);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Session);
            this.SUBRULE3(this.expression);
            this.CONSUME2(T.Comma, usage('SET SESSION key, value'));
            this.SUBRULE4(this.expression);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Bot);
            this.CONSUME(T.Memory, { ERR_MSG: 'expected MEMORY after SET BOT' });
            this.SUBRULE5(this.expression);
            this.CONSUME3(T.Comma, usage('SET BOT MEMORY key, value'));
            this.SUBRULE6(this.expression);
          },
        },
        {
          // `SET CONTEXT text`, `SET CONTEXT "name" AS text`, `SET CONTEXT "name", text`.
          ALT: () => {
            this.CONSUME(T.Context);
            this.SUBRULE7(this.expression);
            this.OPTION3(() => {
              this.OR2(this.once('setStatement.context', () => [{ ALT: () => this.CONSUME(T.As) }, { ALT: () => this.CONSUME4(T.Comma) }]));
              this.SUBRULE9(this.expression);
            });
          },
        },
        {
          // `SET SCHEDULE "cron"`; the templates add the script and job: `SET SCHEDULE "cron", "job.bas"`.
          ALT: () => {
            this.CONSUME(T.Schedule);
            this.SUBRULE(this.argumentList, { LABEL: 'schedule' });
          },
        },
        {
          // `SET "session.key", value` / `SET "bot.key", value`: the dotted-name spelling of SET SESSION / SET BOT MEMORY.
          ALT: () => {
            this.CONSUME(T.StringLiteral, { LABEL: 'dottedKey' });
            this.OR4(this.once('setStatement.dotted', () => ({
              ERR_MSG: usage('SET "session.key", value').ERR_MSG,
              DEF: [{ ALT: () => this.CONSUME5(T.Comma) }, { ALT: () => this.CONSUME2(T.Equals) }],
            })));
            this.SUBRULE1(this.expression, { LABEL: 'dottedValue' });
            // `SET "table", "id=" + id, "field=" + v`: the reference's table update (the key is then a table).
            this.MANY(() => {
              this.CONSUME6(T.Comma);
              this.SUBRULE8(this.expression, { LABEL: 'fieldText' });
            });
          },
        },
        {
          // `SET name, value`: `SET name = value`.
          GATE: () => this.LA(2).tokenType === T.Comma,
          ALT: () => {
            this.CONSUME(T.Name, { LABEL: 'setName' });
            this.CONSUME7(T.Comma);
            this.subrule(10, this.expression, { LABEL: 'setValue' });
          },
        },
        { ALT: () => this.SUBRULE(this.assignment) },
      ],
    })));
  });

  readonly letStatement: Rule = this.RULE('letStatement', () => {
    this.CONSUME(T.Let);
    this.SUBRULE(this.assignment);
  });

  readonly assignment: Rule = this.RULE('assignment', () => {
    this.SUBRULE(this.target);
    this.CONSUME(T.Equals, { ERR_MSG: 'expected "=" to assign a value' });
    this.SUBRULE(this.expression);
  });

  /** What may stand left of `=`: a variable, then any `.member` and `[index]`. */
  readonly target: Rule = this.RULE('target', () => {
    this.CONSUME(T.Name, { ERR_MSG: 'expected a variable name' });
    this.MANY(() => this.SUBRULE(this.accessor));
  });

  readonly callStatement: Rule = this.RULE('callStatement', () => {
    this.CONSUME(T.Call);
    // `CALL "script.bas"` and `CALL "/endpoint"` name what they call in a string.
    this.OR(this.once('callStatement', () => ({
      ERR_MSG: 'expected the name of a SUB or FUNCTION after CALL',
      DEF: [{ ALT: () => this.CONSUME(T.Name) }, { ALT: () => this.CONSUME(T.StringLiteral) }],
    })));
    this.OPTION(() => this.SUBRULE(this.callArguments));
    // `CALL "/endpoint", body`: the builder allows the comma form only for endpoints.
    this.MANY(() => {
      this.CONSUME(T.Comma);
      this.SUBRULE(this.expression, { LABEL: 'endpointArgument' });
    });
  });

  /** `RETURN [value]`, or `RETURN WITH name AS value, …`: an object of those fields. */
  readonly returnStatement: Rule = this.RULE('returnStatement', () => {
    this.CONSUME(T.Return);
    this.OPTION(() => {
      this.OR(this.once('returnStatement', () => [
        {
          ALT: () => {
            this.CONSUME(T.With);
            this.SUBRULE(this.fieldList);
          },
        },
        { ALT: () => this.SUBRULE(this.expression) },
      ]));
    });
  });

  readonly exitStatement: Rule = this.RULE('exitStatement', () => {
    this.CONSUME(T.Exit);
    this.OR(this.once('exitStatement', () => ({
      ERR_MSG: 'expected FOR, DO, WHILE, SUB or FUNCTION after EXIT',
      DEF: [
        { ALT: () => this.CONSUME(T.For) },
        { ALT: () => this.CONSUME(T.Do) },
        { ALT: () => this.CONSUME(T.While) },
        { ALT: () => this.CONSUME(T.Sub) },
        { ALT: () => this.CONSUME(T.Function) },
        // A bare EXIT ends the script.
        { GATE: () => this.endsStatement(1), ALT: EMPTY_ALT() },
      ],
    })));
  });

  // ---------------------------------------------------------------- declarations

  /** `PARAM name AS type [LIKE example] [DESCRIPTION "…"]` */
  readonly paramDeclaration: Rule = this.RULE('paramDeclaration', () => {
    this.CONSUME(T.Param);
    this.CONSUME(T.Name, { ERR_MSG: 'expected the parameter name after PARAM' });
    this.CONSUME(T.As, { ERR_MSG: 'expected AS and a type: PARAM name AS type' });
    this.OR(this.once('paramDeclaration.type', () => ({
      ERR_MSG: 'expected a type after AS (STRING, INTEGER, DATE…)',
      DEF: [
        { ALT: () => this.CONSUME2(T.Name, { LABEL: 'type' }) },
        // `PARAM city AS "The city and state"`: a STRING described so; `AS "a", "b"`: one of those.
        {
          ALT: () => {
            this.CONSUME2(T.StringLiteral, { LABEL: 'typeDescription' });
            this.MANY(() => {
              this.CONSUME(T.Comma);
              this.CONSUME3(T.StringLiteral, { LABEL: 'choice' });
            });
          },
        },
      ],
    })));
    this.OPTION(() => {
      this.CONSUME(T.Like);
      this.SUBRULE(this.expression);
    });
    this.OPTION2(() => {
      this.CONSUME(T.Description);
      this.CONSUME(T.StringLiteral, { ERR_MSG: 'expected a string after DESCRIPTION' });
    });
    this.OPTION4(this.once('paramDeclaration.default', () => ({
      GATE: () => this.LA(1).image.toUpperCase() === 'DEFAULT',
      DEF: () => {
        this.CONSUME4(T.Name, { LABEL: 'default' });
        this.SUBRULE2(this.expression, { LABEL: 'defaultValue' });
      },
    })));
    this.OPTION3(this.once('paramDeclaration', () => ({
      GATE: () => this.LA(1).image.toUpperCase() === 'OPTIONAL',
      DEF: () => this.CONSUME3(T.Name, { LABEL: 'optional' }),
    })));
  });

  readonly descriptionStatement: Rule = this.RULE('descriptionStatement', () => {
    this.CONSUME(T.Description);
    this.CONSUME(T.StringLiteral);
  });

  /** `ON INSERT OF "table"` (also UPDATE, DELETE): this script handles that table's changes. */
  readonly tableTriggerDeclaration: Rule = this.RULE('tableTriggerDeclaration', () => {
    this.CONSUME(T.OnTableEvent);
    this.CONSUME(T.StringLiteral, { ERR_MSG: 'expected the table name in quotes: ON INSERT OF "orders"' });
  });

  /** `WEBHOOK "name"`: this script is the bot's HTTP endpoint `name`. */
  readonly webhookDeclaration: Rule = this.RULE('webhookDeclaration', () => {
    this.CONSUME(T.WebhookDeclaration);
    this.CONSUME(T.StringLiteral, { ERR_MSG: 'expected the endpoint name in quotes: WEBHOOK "order-received"' });
  });

  // ---------------------------------------------------------------- blocks

  readonly ifStatement: Rule = this.RULE('ifStatement', () => {
    const start = this.CONSUME(T.If);
    this.SUBRULE(this.expression);
    this.CONSUME(T.Then, { ERR_MSG: 'expected THEN after the IF condition' });
    // Not built once: the block alternative keeps this IF's first token.
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
        {
          // `FOR x IN list`: FOR EACH x IN list.
          GATE: () => this.LA(2).tokenType === T.In,
          ALT: () => {
            this.CONSUME4(T.Name);
            this.CONSUME2(T.In);
            this.SUBRULE5(this.expression);
          },
        },
      ],
    })));
    // `FOR EACH x IN list DO`: the templates' DO before the line end changes nothing.
    this.OPTION5(() => this.CONSUME(T.Do));
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
    // `WHILE c DO`: the templates' DO before the line end changes nothing, as after FOR.
    this.OPTION(() => this.CONSUME(T.Do));
    this.CONSUME(T.Newline);
    this.inBlock('WHILE', start, 'WHILE without WEND', () => this.SUBRULE(this.block), () => {
      this.OR(this.once('whileStatement.close', () => [{ ALT: () => this.CONSUME(T.Wend) }, { ALT: () => this.CONSUME(T.EndWhile) }]));
    });
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

  // ---------------------------------------------------------------- keyword statements

  /** `TALK TO address, text` (the keyword phrase wins over a variable named `to`) or `TALK expr`. */
  readonly talkStatement: Rule = this.RULE('talkStatement', () => {
    this.CONSUME(T.Talk);
    this.OR(this.once('talkStatement', () => ({
      IGNORE_AMBIGUITIES: true,
      ERR_MSG: 'expected a value after TALK',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.To);
            this.SUBRULE(this.expression);
            this.CONSUME(T.Comma, usage('TALK TO address, text'));
            this.SUBRULE2(this.expression);
          },
        },
        { ALT: () => this.SUBRULE3(this.expression) },
      ],
    })));
  });

  readonly hearStatement: Rule = this.RULE('hearStatement', () => {
    this.CONSUME(T.Hear);
    this.CONSUME(T.Name, { ERR_MSG: 'expected a variable name after HEAR' });
    this.OPTION(() => {
      this.CONSUME(T.As);
      this.SUBRULE(this.hearSpec);
    });
    this.OPTION2(() => {
      this.CONSUME(T.With);
      this.SUBRULE(this.expression, { LABEL: 'prompt' });
    });
    this.OPTION3(this.once('hearStatement', () => ({
      GATE: () => this.LA(1).image.toUpperCase() === 'DEFAULT',
      DEF: () => {
        this.CONSUME2(T.Name, { LABEL: 'default' });
        this.SUBRULE2(this.expression, { LABEL: 'defaultValue' });
      },
    })));
  });

  /** `AS EMAIL` (a type: one word ending the statement) or `AS "A", "B"` (a menu of options). */
  readonly hearSpec: Rule = this.RULE('hearSpec', () => {
    this.OR(this.once('hearSpec', () => ({
      ERR_MSG: 'expected a type (EMAIL, INTEGER…) or the menu options after AS',
      DEF: [
        {
          GATE: () => this.endsStatement(2) || this.LA(2).tokenType === T.With || this.LA(2).image.toUpperCase() === 'DEFAULT',
          ALT: () => this.CONSUME(T.Name),
        },
        {
          ALT: () => {
            // `HEAR x AS MENU "a", "b"`: the options of the menu.
            this.OPTION(this.once('hearSpec.menu', () => ({
              GATE: () => this.LA(1).image.toUpperCase() === 'MENU' && this.LA(2).tokenType === T.StringLiteral,
              DEF: () => this.CONSUME2(T.Name, { LABEL: 'menu' }),
            })));
            this.SUBRULE(this.argumentList);
          },
        },
      ],
    })));
  });

  readonly addSuggestionStatement: Rule = this.RULE('addSuggestionStatement', () => {
    this.CONSUME(T.Add);
    this.CONSUME(T.Suggestion, { ERR_MSG: 'expected SUGGESTION after ADD' });
    this.SUBRULE(this.expression);
    // `ADD SUGGESTION "text"`: the text is both the key and the label.
    this.OR(this.once('addSuggestionStatement', () => ({
      ERR_MSG: 'expected AS before the label: ADD SUGGESTION "key" AS "label"',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.As);
            this.SUBRULE2(this.expression);
          },
        },
        { GATE: () => this.endsStatement(1), ALT: EMPTY_ALT() },
      ],
    })));
  });

  readonly clearStatement: Rule = this.RULE('clearStatement', () => {
    this.CONSUME(T.Clear);
    this.OR(this.once('clearStatement', () => ({
      ERR_MSG: 'expected SUGGESTIONS or HEADERS after CLEAR',
      DEF: [{ ALT: () => this.CONSUME(T.Suggestions) }, { ALT: () => this.CONSUME(T.Headers) }],
    })));
  });

  readonly waitStatement: Rule = this.RULE('waitStatement', () => {
    this.CONSUME(T.Wait);
    this.SUBRULE(this.expression);
  });

  /** `SAVE "table", v1, v2…` or `SAVE "table" WITH name AS v, …` */
  readonly saveStatement: Rule = this.RULE('saveStatement', () => {
    this.CONSUME(T.Save);
    this.SUBRULE(this.expression);
    this.OR(this.once('saveStatement', () => ({
      ERR_MSG: usage('SAVE "table", value1, value2…').ERR_MSG,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Comma);
            this.SUBRULE(this.argumentList);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.With);
            this.SUBRULE(this.fieldList);
          },
        },
      ],
    })));
  });

  /** `INSERT [INTO] "table", object`, `… WITH a = x, …` or `… VALUES object`. */
  readonly insertStatement: Rule = this.RULE('insertStatement', () => {
    this.CONSUME(T.Insert);
    this.OPTION(this.once('insertStatement.into', () => ({
      GATE: () => this.LA(1).image.toUpperCase() === 'INTO' && this.LA(2).tokenType !== T.Comma,
      DEF: () => this.CONSUME(T.Name, { LABEL: 'into' }),
    })));
    this.SUBRULE(this.expression);
    this.OR(this.once('insertStatement', () => ({
      ERR_MSG: usage('INSERT "table", object').ERR_MSG,
      DEF: [
        { ALT: () => this.CONSUME(T.Comma) },
        { GATE: () => this.LA(1).image.toUpperCase() === 'VALUES', ALT: () => this.CONSUME2(T.Name, { LABEL: 'values' }) },
        {
          ALT: () => {
            this.CONSUME(T.With);
            this.SUBRULE(this.fieldList);
          },
        },
      ],
    })));
    this.OPTION2(() => this.SUBRULE2(this.expression));
    // `INSERT INTO "t", a, b, c`: the values of a row named after the variables, as SAVE's.
    this.MANY(() => {
      this.CONSUME2(T.Comma);
      this.SUBRULE3(this.expression, { LABEL: 'more' });
    });
  });

  /** `UPDATE "table", "filter", object` or `UPDATE "table" SET a = x, … [WHERE conditions]`. */
  readonly updateStatement: Rule = this.RULE('updateStatement', () => {
    this.CONSUME(T.Update);
    this.SUBRULE(this.expression);
    this.OR(this.once('updateStatement', () => ({
      ERR_MSG: usage('UPDATE "table", "filter", object (or UPDATE "table" SET a = x WHERE b = y)').ERR_MSG,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Comma);
            this.SUBRULE2(this.expression);
            this.CONSUME2(T.Comma, usage('UPDATE "table", "filter", object'));
            this.SUBRULE3(this.expression);
            // `UPDATE "t", filter, a, b, c`: the variables' names are the columns, as SAVE's.
            this.MANY(() => {
              this.CONSUME3(T.Comma);
              this.SUBRULE4(this.expression, { LABEL: 'column' });
            });
          },
        },
        {
          ALT: () => {
            // `UPDATE "t" WITH a AS x, …` is the templates' spelling of SET.
            this.OR2(this.once('updateStatement.set', () => [{ ALT: () => this.CONSUME(T.Set) }, { ALT: () => this.CONSUME(T.With) }]));
            this.SUBRULE(this.fieldList);
            this.OPTION(this.once('updateStatement.where', () => ({
              GATE: () => this.LA(1).image.toUpperCase() === 'WHERE',
              DEF: () => this.SUBRULE(this.whereClause),
            })));
          },
        },
      ],
    })));
  });

  /** `WHERE a = x AND b > y` (columns on the left, values on the right), or `WHERE "filter"`. */
  readonly whereClause: Rule = this.RULE('whereClause', () => {
    this.CONSUME(T.Name, { LABEL: 'where', ERR_MSG: 'expected WHERE' });
    this.SUBRULE(this.expression);
  });

  /** `a = x, b = y` (also `a AS x`): the fields of a row or a body. */
  readonly fieldList: Rule = this.RULE('fieldList', () => {
    this.AT_LEAST_ONE_SEP(this.once('fieldList', () => ({ SEP: T.Comma, DEF: () => this.SUBRULE(this.fieldAssignment) })));
  });

  readonly fieldAssignment: Rule = this.RULE('fieldAssignment', () => {
    this.CONSUME(T.AnyWord, { ERR_MSG: 'expected a field name: name = value' });
    this.OR(this.once('fieldAssignment', () => ({
      ERR_MSG: 'expected "=" after the field name: name = value',
      DEF: [{ ALT: () => this.CONSUME(T.Equals) }, { ALT: () => this.CONSUME(T.As) }],
    })));
    this.SUBRULE(this.expression);
  });

  readonly rememberStatement: Rule = this.RULE('rememberStatement', () => {
    this.CONSUME(T.Remember);
    this.SUBRULE(this.expression);
    this.CONSUME(T.Comma, usage('REMEMBER key, value'));
    this.SUBRULE2(this.expression);
  });

  readonly sendMailStatement: Rule = this.RULE('sendMailStatement', () => {
    this.CONSUME(T.Send);
    this.CONSUME(T.Mail, { ERR_MSG: 'expected MAIL after SEND' });
    this.SUBRULE(this.expression);
    this.CONSUME(T.Comma, usage('SEND MAIL to, subject, body'));
    this.SUBRULE2(this.expression);
    this.CONSUME2(T.Comma, usage('SEND MAIL to, subject, body'));
    this.SUBRULE3(this.expression);
  });

  // ---------------------------------------------------------------- keyword expressions

  readonly keywordExpression: Rule = this.RULE('keywordExpression', () => {
    this.OR(this.once('keywordExpression', () => [
      { ALT: () => this.SUBRULE(this.getExpression) },
      { ALT: () => this.SUBRULE(this.httpBodyExpression) },
      { ALT: () => this.SUBRULE(this.deleteExpression) },
      { ALT: () => this.SUBRULE(this.findExpression) },
      { ALT: () => this.SUBRULE(this.transferExpression) },
      { ALT: () => this.SUBRULE(this.meetingExpression) },
      { ALT: () => this.SUBRULE(this.llmExpression) },
      { ALT: () => this.SUBRULE(this.recallExpression) },
      { ALT: () => this.SUBRULE(this.phraseExpression) },
    ]));
  });

  /** `GET BOT MEMORY key`, `GET SESSION key`, else `GET url`: the keyword phrases win. */
  readonly getExpression: Rule = this.RULE('getExpression', () => {
    this.CONSUME(T.Get);
    this.OR(this.once('getExpression', () => ({
      IGNORE_AMBIGUITIES: true,
      ERR_MSG: 'expected a URL (or BOT MEMORY, SESSION) after GET',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Bot);
            this.CONSUME(T.Memory);
            this.SUBRULE(this.keyArgument);
          },
        },
        {
          ALT: () => {
            // `GET SESSION key`; `GET SESSION id, key` reads this conversation's key (docs/basic.md, "Memory").
            // `GET SESSION(key)` binds like a call, so a comma after it belongs to the enclosing list: `NVL(GET SESSION("k"), "none")`.
            this.CONSUME(T.Session);
            const called = this.LA(1).tokenType === T.LParen;
            this.SUBRULE2(this.keyArgument);
            this.OPTION({
              // Not when a key and ":" follow: the comma is then an object literal's (`{a: GET SESSION "id", b: …}`).
              GATE: () => !called && this.LA(3).tokenType !== T.Colon,
              DEF: () => {
                this.CONSUME(T.Comma);
                this.SUBRULE3(this.keyArgument, { LABEL: 'sessionKey' });
              },
            });
          },
        },
        { ALT: () => this.SUBRULE(this.expression) },
      ],
    })));
  });

  /** `(key)` binds like a function call (`RECALL(k) & "x"`); otherwise the key is a whole expression. */
  readonly keyArgument: Rule = this.RULE('keyArgument', () => {
    this.OR(this.once('keyArgument', () => ({
      MAX_LOOKAHEAD: 1,
      IGNORE_AMBIGUITIES: true,
      ERR_MSG: 'expected a key',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.LParen);
            this.SUBRULE(this.expression);
            this.CONSUME(T.RParen);
          },
        },
        { ALT: () => this.SUBRULE2(this.expression) },
      ],
    })));
  });

  readonly httpBodyExpression: Rule = this.RULE('httpBodyExpression', () => {
    this.OR(this.once('httpBodyExpression', () => [
      { ALT: () => this.CONSUME(T.Post) },
      { ALT: () => this.CONSUME(T.Put) },
      { ALT: () => this.CONSUME(T.Patch) },
    ]));
    this.OR2(this.once('httpBodyExpression.OR2', () => ({
      ERR_MSG: 'expected a URL and a body: POST url, body (also PUT, PATCH)',
      DEF: [
        { GATE: () => this.isCallForm(), ALT: () => this.SUBRULE(this.parenthesizedArguments) },
        {
          // `POST url, body`, `POST url WITH a = x, …`, or `POST url` with no body.
          ALT: () => {
            this.SUBRULE(this.expression);
            this.OPTION(() => {
              this.OR3(this.once('httpBodyExpression.body', () => [
                {
                  ALT: () => {
                    this.CONSUME(T.Comma);
                    this.SUBRULE2(this.expression);
                  },
                },
                {
                  ALT: () => {
                    this.CONSUME(T.With);
                    this.SUBRULE(this.fieldList);
                  },
                },
              ]));
            });
          },
        },
      ],
    })));
  });

  /** `DELETE url` (HTTP) or `DELETE "table", "filter"` (data): told apart by the builder. */
  readonly deleteExpression: Rule = this.RULE('deleteExpression', () => {
    this.CONSUME(T.Delete);
    // `DELETE FROM "t" WHERE …`: the SQL word FROM before the table changes nothing.
    this.OPTION9(this.once('deleteExpression.from', () => ({
      GATE: () => this.LA(1).image.toUpperCase() === 'FROM' && this.LA(2).tokenType === T.StringLiteral,
      DEF: () => this.CONSUME(T.Name, { LABEL: 'from' }),
    })));
    this.OR(this.once('deleteExpression', () => ({
      ERR_MSG: 'expected a URL, or a table and a filter, after DELETE',
      DEF: [
        { GATE: () => this.isCallForm(), ALT: () => this.SUBRULE(this.parenthesizedArguments) },
        {
          ALT: () => {
            this.SUBRULE(this.expression);
            this.OPTION(() => {
              this.OR2(this.once('deleteExpression.filter', () => ({
                IGNORE_AMBIGUITIES: true,
                DEF: [
                  {
                    ALT: () => {
                      this.CONSUME(T.Comma);
                      this.SUBRULE2(this.expression);
                    },
                  },
                  { GATE: () => this.LA(1).image.toUpperCase() === 'WHERE', ALT: () => this.SUBRULE(this.whereClause) },
                ],
              })));
            });
          },
        },
      ],
    })));
  });

  readonly findExpression: Rule = this.RULE('findExpression', () => {
    this.CONSUME(T.Find);
    this.OR(this.once('findExpression', () => ({
      ERR_MSG: 'expected a table and a filter: FIND "table", "filter"',
      DEF: [
        { GATE: () => this.isCallForm(), ALT: () => this.SUBRULE(this.parenthesizedArguments) },
        {
          // `FIND "table"` (every row), `FIND "table", "filter"`, `FIND "table" WHERE a = x AND …`
          // (or WITH "filter"), then `ORDER BY column [DESC]`, `LIMIT n`, `FIRST`.
          ALT: () => {
            this.SUBRULE(this.expression);
            this.OPTION(() => {
              this.OR2(this.once('findExpression.OR2', () => ({
                IGNORE_AMBIGUITIES: true,
                DEF: [
                  { ALT: () => this.CONSUME(T.Comma) },
                  { ALT: () => this.CONSUME(T.With) },
                  { GATE: () => this.LA(1).image.toUpperCase() === 'WHERE', ALT: () => this.CONSUME(T.Name, { LABEL: 'where' }) },
                ],
              })));
              this.SUBRULE2(this.expression);
              // `FIND "table", "column", value`: the rows whose column holds value.
              this.OPTION6(() => {
                this.CONSUME2(T.Comma);
                this.SUBRULE4(this.expression, { LABEL: 'columnValue' });
              });
            });
            this.OPTION2(this.once('findExpression.order', () => ({
              GATE: () => this.LA(1).image.toUpperCase() === 'ORDER' && this.LA(2).image.toUpperCase() === 'BY',
              DEF: () => {
                this.CONSUME2(T.Name, { LABEL: 'order' });
                this.CONSUME3(T.Name, { LABEL: 'by' });
                this.CONSUME(T.AnyWord, { LABEL: 'orderColumn', ERR_MSG: 'expected the column after ORDER BY' });
                this.OPTION3(this.once('findExpression.direction', () => ({
                  GATE: () => /^(?:ASC|DESC)$/i.test(this.LA(1).image),
                  DEF: () => this.CONSUME4(T.Name, { LABEL: 'direction' }),
                })));
              },
            })));
            this.OPTION4(this.once('findExpression.limit', () => ({
              GATE: () => this.LA(1).image.toUpperCase() === 'LIMIT',
              DEF: () => {
                this.CONSUME5(T.Name, { LABEL: 'limit' });
                this.SUBRULE3(this.expression, { LABEL: 'limitValue' });
              },
            })));
            this.OPTION5(this.once('findExpression.first', () => ({
              GATE: () => this.LA(1).image.toUpperCase() === 'FIRST' && this.endsStatement(2),
              DEF: () => this.CONSUME6(T.Name, { LABEL: 'first' }),
            })));
          },
        },
      ],
    })));
  });

  /** `TRANSFER TO HUMAN [target, priority, reason, destination]` or `TRANSFER TO HUMAN {…}`. */
  readonly transferExpression: Rule = this.RULE('transferExpression', () => {
    this.CONSUME(T.Transfer);
    this.CONSUME(T.To, { ERR_MSG: 'expected TO HUMAN after TRANSFER' });
    this.CONSUME(T.Human, { ERR_MSG: 'expected HUMAN after TRANSFER TO' });
    this.OPTION(() => {
      this.OR(this.once('transferExpression', () => [
        { GATE: () => this.isCallForm(), ALT: () => this.SUBRULE(this.parenthesizedArguments) },
        { ALT: () => this.SUBRULE(this.argumentList) },
      ]));
    });
  });

  /** `FIND("table", "filter")`: a keyword called like a function, all its arguments in parentheses. */
  readonly parenthesizedArguments: Rule = this.RULE('parenthesizedArguments', () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.argumentList);
    this.CONSUME(T.RParen);
  });

  readonly meetingExpression: Rule = this.RULE('meetingExpression', () => {
    this.CONSUME(T.Create);
    this.CONSUME(T.Meeting, { ERR_MSG: 'expected MEETING after CREATE' });
    this.SUBRULE(this.expression);
  });

  readonly llmExpression: Rule = this.RULE('llmExpression', () => {
    this.CONSUME(T.Llm);
    this.SUBRULE(this.expression);
  });

  readonly recallExpression: Rule = this.RULE('recallExpression', () => {
    this.CONSUME(T.Recall);
    this.SUBRULE(this.keyArgument);
  });

  /** `CALL "/endpoint" [, body]` as a value: the answer of the bot's WEBHOOK script `endpoint`. */
  readonly callEndpointExpression: Rule = this.RULE('callEndpointExpression', () => {
    this.CONSUME(T.Call);
    this.CONSUME(T.StringLiteral, { ERR_MSG: 'expected the endpoint in quotes: CALL "/order-received"' });
    this.OPTION(() => {
      this.CONSUME(T.Comma);
      this.SUBRULE(this.expression);
    });
  });

  /** A General Bots keyword phrase (phrases.ts) and its arguments: `SEND EMAIL to, subject, body`. */
  readonly phraseExpression: Rule = this.RULE('phraseExpression', () => {
    this.CONSUME(T.Phrase);
    this.OPTION(this.once('phraseExpression', () => ({
      GATE: () => this.startsArgument(1, true),
      DEF: () => {
        // `USE_WEBSITE("url", "30d")`: the arguments in parentheses, as a call.
        this.OR(this.once('phraseExpression.OR', () => [
          { GATE: () => this.isCallForm(), ALT: () => this.SUBRULE(this.parenthesizedArguments) },
          { ALT: () => this.SUBRULE(this.phraseArguments) },
        ]));
      },
    })));
  });

  /**
   * The arguments of a phrase: values joined by `,` or by a joining word (WITH, AS, TO, WHERE,
   * USING…), each maybe labelled by the words before it: `CREATE SITE "a" WITH TEMPLATE "b"`.
   */
  readonly phraseArguments: Rule = this.RULE('phraseArguments', () => {
    this.SUBRULE(this.phraseArgument);
    this.MANY(this.once('phraseArguments', () => ({
      GATE: () => this.LA(1).tokenType === T.Comma || this.LA(1).tokenType === T.With || this.LA(1).tokenType === T.Call || this.LA(1).tokenType === T.For || this.isJoiner(1),
      DEF: () => {
        this.OR(this.once('phraseArguments.OR', () => ({
          IGNORE_AMBIGUITIES: true,
          DEF: [
            { ALT: () => this.CONSUME(T.Comma) },
            { ALT: () => this.CONSUME(T.With, { LABEL: 'joiner' }) },
            { ALT: () => this.CONSUME(T.Call, { LABEL: 'joiner' }) },
            // `QUERY METRICS "messages" FOR range`: FOR is a reserved word, so it has its own alternative.
            { ALT: () => this.CONSUME(T.For, { LABEL: 'joiner' }) },
            { ALT: () => this.CONSUME(T.Name, { LABEL: 'joiner' }) },
          ],
        })));
        this.SUBRULE2(this.phraseArgument);
      },
    })));
  });

  readonly phraseArgument: Rule = this.RULE('phraseArgument', () => {
    this.MANY(this.once('phraseArgument', () => ({
      GATE: () => this.LA(1).tokenType === T.Identifier && this.startsArgument(2, false),
      DEF: () => this.CONSUME(T.Name, { LABEL: 'label' }),
    })));
    this.SUBRULE(this.expression);
  });

  /** One or more expressions separated by commas (keyword arguments, CASE values, HEAR menus). */
  readonly argumentList: Rule = this.RULE('argumentList', () => {
    this.AT_LEAST_ONE_SEP(this.once('argumentList', () => ({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression) })));
  });

  // ---------------------------------------------------------------- expressions
  //
  // Read flat: an expression is negations joined by AND and OR, and a negation is NOTs before a
  // run of operands joined by the other binary operators, read in order. The AST builder gives
  // them their precedence (ast-builder.ts, "expressions"; VB order, loosest first: OR, AND, NOT,
  // comparisons, &, + -, MOD, \, * /, unary - +, ^). So an operand costs one rule call and one
  // CST node, not one per precedence level: with a rule per level, the 1,000-line script of
  // `npm run bench -- basic` compiled in twice the time (docs/basic.md, "Performance"). The
  // bodies of the repetitions are made once, not at every call (docs/basic.md, "How the
  // interpreter is built"): they run for every operand of every expression.

  /**
   * `a OR b AND NOT c`: negations joined by AND and OR. The first negation's parts sit in this
   * node itself and only the ones after an AND or OR get a `negation` node: most expressions are
   * one name, literal or comparison, and each CST node is an allocation.
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
   * `NOT NOT x > 1`, `-a * b ^ 2 & "x" < c`: operands and operators, maybe negated (NOT binds
   * looser than comparisons, tighter than AND). Shared by `expression` and `negation` (MANY3 is
   * left to them).
   */
  private negationParts(): void {
    this.MANY(this.notWord);
    this.SUBRULE(this.operand);
    this.MANY2(this.nextOperand);
  }

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

  /**
   * SET HEADER's name: operands joined only by operators tighter than comparisons, so
   * `SET HEADER "a" = "b"` is not `("a" = "b")`.
   */
  readonly headerName: Rule = this.RULE('headerName', () => {
    this.SUBRULE(this.operand);
    this.MANY(this.nextTightOperand);
  });

  private readonly nextTightOperand = (): void => {
    this.CONSUME(T.TightOp);
    this.SUBRULE2(this.operand);
  };

  /**
   * A value with the signs before it and the accessors after it: `-x`, `a.b[1]`, `f(x).y`. The
   * value is read here, not in a rule of its own: one CST node fewer per operand.
   */
  readonly operand: Rule = this.RULE('operand', () => {
    this.MANY(this.sign);
    this.OR(this.valueAlternatives);
    this.MANY2(this.accessorAfter);
  });

  private readonly sign = (): void => {
    this.CONSUME(T.AddOp);
  };

  /** A literal, a bracketed value, a keyword expression or a name. */
  private readonly valueAlternatives = {
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
        // `IF(cond, a, b)` where a value stands: IIF(cond, a, b).
        ALT: () => {
          this.CONSUME(T.If);
          this.SUBRULE2(this.callArguments);
        },
      },
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

  private readonly accessorAfter = (): void => {
    this.SUBRULE(this.accessor);
  };

  private readonly callAfterName = {
    GATE: (): boolean => !this.formatParenAs(),
    DEF: (): void => {
      this.SUBRULE(this.callArguments);
    },
  };

  private readonly phraseAfterName = {
    GATE: (): boolean => this.atWordPhrase() || this.formatParenAs(),
    DEF: (): void => {
      this.SUBRULE(this.phraseArguments);
    },
  };

  /** `.name` (any word, case kept) or `[index]`; shared by expressions and assignment targets. */
  readonly accessor: Rule = this.RULE('accessor', () => {
    this.OR(this.once('accessor', () => [
      {
        // `.name`, or `.name(args)`: the templates' method-style calls (`x.trim()`, `list.push(v)`).
        ALT: () => {
          this.CONSUME(T.Dot);
          this.CONSUME(T.AnyWord, { ERR_MSG: 'expected a member name after "."' });
          this.OPTION(() => this.SUBRULE(this.callArguments));
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

  // ---------------------------------------------------------------- what the rules look at

  /**
   * The alternatives of an OR (or the options of a repetition) at `site`, built at the first call
   * and reused after, so a parse allocates no closures for them (docs/basic.md, "How the
   * interpreter is built"). Only for closures that use nothing but `this`: IF's alternatives keep
   * its first token, so they are built per IF.
   */
  private once<V>(site: string, build: () => V): V {
    let value = this.built.get(site) as V | undefined;
    if (value === undefined) this.built.set(site, (value = build()));
    return value;
  }

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
  private atBoundary(...continuing: TokenType[]): boolean {
    const type = this.LA(1).tokenType;
    if (continuing.includes(type)) return false;
    return this.openBlocks.some((kind) => boundaries[kind].includes(type));
  }

  /** True when the k-th next token ends a statement: end of line or file, or the ELSE of a one-line IF. */
  private endsStatement(k: number): boolean {
    const type = this.LA(k).tokenType;
    return type === T.Newline || type === EOF || type === T.Else || type === T.ElseIf;
  }

  /** True at a word that joins phrase arguments (not followed by `(` or `.`, so not a call or a value). */
  private isJoiner(k: number): boolean {
    const next = this.LA(k + 1).tokenType;
    return JOINERS.has(this.LA(k).image.toUpperCase()) && next !== T.LParen && next !== T.Dot && next !== T.Equals;
  }

  /**
   * True when the k-th next token can start a phrase's argument. A `(`, `[` or `-` would also
   * continue a name (`list(1)`, `list[0]`, `list - 1`), so an argument starting so is not one
   * (with `parens`, after a multi-word phrase, a `(` or `[` is an argument).
   */
  private startsArgument(k: number, parens: boolean): boolean {
    const type = this.LA(k).tokenType;
    if (type === T.StringLiteral || type === T.NumberLiteral || type === T.Identifier || type === T.LBrace || type === T.Phrase) return true;
    if (type === T.True || type === T.False || type === T.Null || type === T.Not) return true;
    // A soft keyword used as a variable (`CREATE DRAFT to, subject, body`, `ANALYZE SENTIMENT session.id, m`).
    if (parens && tokenMatcher(this.LA(k), T.Name)) {
      const next = this.LA(k + 1).tokenType;
      return next === T.Comma || next === T.Dot || next === T.Newline || next === EOF;
    }
    return parens && (type === T.LParen || type === T.LBracket || type === T.Minus);
  }

  /** True when the name just read is a one-word phrase (READ, WRITE, PRINT…) and an argument follows. */
  private atWordPhrase(): boolean {
    return WORD_PHRASES.has(this.LA(0).image.toUpperCase()) && this.startsArgument(1, false);
  }

  /**
   * True after FORMAT at `(…) AS`: `FORMAT (a - b) AS "#,##0"` is the phrase FORMAT value AS
   * pattern whose value is in parentheses, not a call of FORMAT.
   */
  private formatParenAs(): boolean {
    if (this.LA(1).tokenType !== T.LParen || this.LA(0).image.length !== 6 || this.LA(0).image.toUpperCase() !== 'FORMAT') return false;
    let depth = 0;
    for (let k = 1; ; k += 1) {
      const type = this.LA(k).tokenType;
      if (type === EOF || type === T.Newline) return false;
      if (type === T.LParen) depth += 1;
      else if (type === T.RParen) depth -= 1;
      if (depth === 0) return this.LA(k + 1).tokenType === T.As;
    }
  }

  /** True at `(` whose parentheses hold a top-level comma: `(a, b)` cannot be one expression. */
  private isCallForm(): boolean {
    if (this.LA(1).tokenType !== T.LParen) return false;
    let depth = 0;
    for (let k = 1; ; k += 1) {
      const type = this.LA(k).tokenType;
      if (type === EOF || type === T.Newline) return false;
      if (type === T.LParen || type === T.LBracket || type === T.LBrace) depth += 1;
      else if (type === T.RParen || type === T.RBracket || type === T.RBrace) depth -= 1;
      else if (type === T.Comma && depth === 1) return true;
      if (depth === 0) return false;
    }
  }
}

/** The parser, built once, at start-up; its grammar is checked by {@link checkBasicGrammar} in the parser's tests instead. */
export const basicParser = new BasicParser(false);

/** Builds the parser once more with chevrotain's grammar checks on; throws what they find. */
export function checkBasicGrammar(): void {
  new BasicParser(true);
}
