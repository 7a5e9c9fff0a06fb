/**
 * Keyword rules of the BASIC grammar: the keyword expressions (GET, POST, FIND, LLM…) and the
 * keyword statements TALK and HEAR. Each rule reads like the phrase it parses; its error messages
 * quote the phrase, so a script author sees how it should look.
 */
import { EOF, type CstNode, type ParserMethod } from 'chevrotain';
import { ExpressionParser } from './parser-expressions.js';
import { WORD_PHRASES } from './phrases.js';
import * as T from './tokens.js';

/**
 * Words that join the arguments of a keyword phrase, besides `,`: `CREATE USER e WITH NAME n`,
 * `USE WEBSITE url REFRESH "1d"`, `ON EMAIL "a" SUBJECT "urgent"`, `ON CHANGE "f" EVENTS "create"`.
 */
const JOINERS: ReadonlySet<string> = new Set(['AS', 'TO', 'IN', 'WHERE', 'USING', 'INTO', 'FROM', 'BY', 'OF', 'AT', 'ON', 'FOR', 'REFRESH', 'SUBJECT', 'EVENTS', 'VIA']);

type Rule = ParserMethod<[], CstNode>;

/** The expected-comma message for a keyword phrase with several arguments. */
const usage = (phrase: string): { ERR_MSG: string } => ({ ERR_MSG: `expected "," between arguments: ${phrase}` });

/** The keyword-phrase layer of the grammar. */
export abstract class KeywordParser extends ExpressionParser {
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
      DEF: () => this.SUBRULE(this.phraseArguments),
    })));
  });

  /**
   * The arguments of a phrase: values joined by `,` or by a joining word (WITH, AS, TO, WHERE,
   * USING…), each maybe labelled by the words before it: `CREATE SITE "a" WITH TEMPLATE "b"`.
   */
  readonly phraseArguments: Rule = this.RULE('phraseArguments', () => {
    this.SUBRULE(this.phraseArgument);
    this.MANY(this.once('phraseArguments', () => ({
      GATE: () => this.LA(1).tokenType === T.Comma || this.LA(1).tokenType === T.With || this.LA(1).tokenType === T.Call || this.isJoiner(1),
      DEF: () => {
        this.OR(this.once('phraseArguments.OR', () => ({
          IGNORE_AMBIGUITIES: true,
          DEF: [
            { ALT: () => this.CONSUME(T.Comma) },
            { ALT: () => this.CONSUME(T.With, { LABEL: 'joiner' }) },
            { ALT: () => this.CONSUME(T.Call, { LABEL: 'joiner' }) },
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

  /** True at a word that joins phrase arguments (not followed by `(` or `.`, so not a call or a value). */
  protected isJoiner(k: number): boolean {
    const next = this.LA(k + 1).tokenType;
    return JOINERS.has(this.LA(k).image.toUpperCase()) && next !== T.LParen && next !== T.Dot && next !== T.Equals;
  }

  /**
   * True when the k-th next token can start a phrase's argument. A `(`, `[` or `-` would also
   * continue a name (`list(1)`, `list[0]`, `list - 1`), so an argument starting so is not one
   * (with `parens`, after a multi-word phrase, a `(` or `[` is an argument).
   */
  protected startsArgument(k: number, parens: boolean): boolean {
    const type = this.LA(k).tokenType;
    if (type === T.StringLiteral || type === T.NumberLiteral || type === T.Identifier || type === T.LBrace || type === T.Phrase) return true;
    if (type === T.True || type === T.False || type === T.Null || type === T.Not) return true;
    return parens && (type === T.LParen || type === T.LBracket || type === T.Minus);
  }

  /** True when the name just read is a one-word phrase (READ, WRITE, PRINT…) and an argument follows. */
  protected atWordPhrase(): boolean {
    return WORD_PHRASES.has(this.LA(0).image.toUpperCase()) && this.startsArgument(1, false);
  }

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
            this.CONSUME(T.Session);
            this.SUBRULE2(this.keyArgument);
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
          ALT: () => {
            this.SUBRULE(this.expression);
            this.CONSUME(T.Comma, usage('POST url, body (also PUT, PATCH)'));
            this.SUBRULE2(this.expression);
          },
        },
      ],
    })));
  });

  /** `DELETE url` (HTTP) or `DELETE "table", "filter"` (data): told apart by the builder. */
  readonly deleteExpression: Rule = this.RULE('deleteExpression', () => {
    this.CONSUME(T.Delete);
    this.OR(this.once('deleteExpression', () => ({
      ERR_MSG: 'expected a URL, or a table and a filter, after DELETE',
      DEF: [
        { GATE: () => this.isCallForm(), ALT: () => this.SUBRULE(this.parenthesizedArguments) },
        {
          ALT: () => {
            this.SUBRULE(this.expression);
            this.OPTION(() => {
              this.CONSUME(T.Comma);
              this.SUBRULE2(this.expression);
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
          // `FIND "table"` (every row), `FIND "table", "filter"`, `FIND "table" WHERE "filter"`.
          ALT: () => {
            this.SUBRULE(this.expression);
            this.OPTION(() => {
              this.OR2(this.once('findExpression.OR2', () => ({
                IGNORE_AMBIGUITIES: true,
                DEF: [
                  { ALT: () => this.CONSUME(T.Comma) },
                  { GATE: () => this.LA(1).image.toUpperCase() === 'WHERE', ALT: () => this.CONSUME(T.Name, { LABEL: 'where' }) },
                ],
              })));
              this.SUBRULE2(this.expression);
            });
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

  /** True at `(` whose parentheses hold a top-level comma: `(a, b)` cannot be one expression. */
  protected isCallForm(): boolean {
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

  /** One or more expressions separated by commas (keyword arguments, CASE values, HEAR menus). */
  readonly argumentList: Rule = this.RULE('argumentList', () => {
    this.AT_LEAST_ONE_SEP(this.once('argumentList', () => ({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression) })));
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
        { ALT: () => this.SUBRULE(this.argumentList) },
      ],
    })));
  });
}
