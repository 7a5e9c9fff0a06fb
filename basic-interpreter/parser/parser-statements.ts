/**
 * One-line statement rules of the BASIC grammar: assignments (also `SET …`), calls, RETURN, EXIT,
 * the keyword statements with plain arguments, and the top-level declarations PARAM and
 * DESCRIPTION. Block statements (IF, FOR, SUB…) are in parser-blocks.ts.
 */
import { EMPTY_ALT, type CstNode, type ParserMethod } from 'chevrotain';
import { KeywordParser } from './parser-keywords.js';
import * as T from './tokens.js';

type Rule = ParserMethod<[], CstNode>;

const usage = (phrase: string): { ERR_MSG: string } => ({ ERR_MSG: `expected "," between arguments: ${phrase}` });

/** The one-line-statement layer of the grammar. */
export abstract class StatementParser extends KeywordParser {
  /** Statements that fit on one line; also what a one-line IF may hold. */
  readonly simpleStatement: Rule = this.RULE('simpleStatement', () => {
    this.OR(this.once('simpleStatement', () => ({
      ERR_MSG: 'expected a statement',
      // One token decides (with the gate below for ADD SUGGESTION), as in `statement`.
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
        ALT: () => {
          this.MANY(() => this.SUBRULE(this.accessor));
          this.CONSUME(T.Equals, { ERR_MSG: 'expected "=" to assign a value' });
          this.SUBRULE(this.expression);
        },
      },
      { ALT: EMPTY_ALT() },
    ]));
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

  readonly letStatement: Rule = this.RULE('letStatement', () => {
    this.CONSUME(T.Let);
    this.SUBRULE(this.assignment);
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

  readonly returnStatement: Rule = this.RULE('returnStatement', () => {
    this.CONSUME(T.Return);
    this.OPTION(() => this.SUBRULE(this.expression));
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

  readonly addSuggestionStatement: Rule = this.RULE('addSuggestionStatement', () => {
    this.CONSUME(T.Add);
    this.CONSUME(T.Suggestion, { ERR_MSG: 'expected SUGGESTION after ADD' });
    this.SUBRULE(this.expression);
    this.CONSUME(T.As, { ERR_MSG: 'expected AS before the label: ADD SUGGESTION "key" AS "label"' });
    this.SUBRULE2(this.expression);
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

  /** `SAVE "table", v1, v2…` */
  readonly saveStatement: Rule = this.RULE('saveStatement', () => {
    this.CONSUME(T.Save);
    this.SUBRULE(this.expression);
    this.CONSUME(T.Comma, usage('SAVE "table", value1, value2…'));
    this.SUBRULE(this.argumentList);
  });

  readonly insertStatement: Rule = this.RULE('insertStatement', () => {
    this.CONSUME(T.Insert);
    this.SUBRULE(this.expression);
    this.CONSUME(T.Comma, usage('INSERT "table", object'));
    this.SUBRULE2(this.expression);
  });

  readonly updateStatement: Rule = this.RULE('updateStatement', () => {
    this.CONSUME(T.Update);
    this.SUBRULE(this.expression);
    this.CONSUME(T.Comma, usage('UPDATE "table", "filter", object'));
    this.SUBRULE2(this.expression);
    this.CONSUME2(T.Comma, usage('UPDATE "table", "filter", object'));
    this.SUBRULE3(this.expression);
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
            this.SUBRULE(this.expression);
            this.CONSUME(T.Comma, usage('SET HEADER name, value'));
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
          ALT: () => {
            this.CONSUME(T.Schedule);
            this.SUBRULE8(this.expression);
          },
        },
        { ALT: () => this.SUBRULE(this.assignment) },
      ],
    })));
  });

  /** `PARAM name AS type [LIKE example] [DESCRIPTION "…"]` */
  readonly paramDeclaration: Rule = this.RULE('paramDeclaration', () => {
    this.CONSUME(T.Param);
    this.CONSUME(T.Name, { ERR_MSG: 'expected the parameter name after PARAM' });
    this.CONSUME(T.As, { ERR_MSG: 'expected AS and a type: PARAM name AS type' });
    this.CONSUME2(T.Name, { LABEL: 'type', ERR_MSG: 'expected a type after AS (STRING, INTEGER, DATE…)' });
    this.OPTION(() => {
      this.CONSUME(T.Like);
      this.SUBRULE(this.expression);
    });
    this.OPTION2(() => {
      this.CONSUME(T.Description);
      this.CONSUME(T.StringLiteral, { ERR_MSG: 'expected a string after DESCRIPTION' });
    });
    this.OPTION3(this.once('paramDeclaration', () => ({
      GATE: () => this.LA(1).image.toUpperCase() === 'OPTIONAL',
      DEF: () => this.CONSUME3(T.Name, { LABEL: 'optional' }),
    })));
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

  readonly descriptionStatement: Rule = this.RULE('descriptionStatement', () => {
    this.CONSUME(T.Description);
    this.CONSUME(T.StringLiteral);
  });
}
