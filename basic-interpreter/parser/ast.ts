/**
 * The typed syntax tree of a BASIC script: what the CST visitor (ast-builder.ts) produces and the
 * compiler consumes. It is the contract between the two halves of the interpreter.
 *
 * Conventions: identifiers (variables, procedures, members) are lower-cased here, because the
 * language is case-insensitive; string literals keep their case. Every node has `loc` (1-based
 * line and column in the source file) so runtime errors can name file and line.
 */

export interface Loc {
  line: number;
  column: number;
}

// ---------------------------------------------------------------- expressions

export type BinaryOp =
  | '+' | '-' | '*' | '/' | '\\' | 'MOD' | '^' | '&'
  | '=' | '<>' | '<' | '>' | '<=' | '>='
  | 'AND' | 'OR';

export type UnaryOp = '-' | '+' | 'NOT';

/**
 * Keywords that produce a value (used on the right of `=` or inside expressions); each is an
 * effect carried out by the host (see host/effects.ts), except where noted.
 * - `http_get|http_delete url`, `http_post|http_put|http_patch url, body`
 * - `find "table", "filter"`
 * - `transfer_to_human [args…]` (expression form of TRANSFER TO HUMAN)
 * - `create_meeting options`
 * - `llm prompt`
 * - `get_bot_memory(key)`, `recall(key)`, `get_session(key)`
 */
export type ValueKeyword =
  | 'http_get' | 'http_post' | 'http_put' | 'http_patch' | 'http_delete'
  | 'find'
  | 'transfer_to_human'
  | 'create_meeting'
  | 'llm'
  | 'get_bot_memory' | 'recall' | 'get_session';

export type Expr =
  | { kind: 'number'; value: number; loc: Loc }
  /** `parts` alternate literal text and `${expr}` interpolations; a plain string has one text part. */
  | { kind: 'string'; parts: (string | Expr)[]; loc: Loc }
  | { kind: 'boolean'; value: boolean; loc: Loc }
  | { kind: 'null'; loc: Loc }
  | { kind: 'array'; items: Expr[]; loc: Loc }
  /** `{name: "x", "k": 1}`: keys keep their case as written (they are JSON keys). */
  | { kind: 'object'; entries: { key: string; value: Expr }[]; loc: Loc }
  | { kind: 'variable'; name: string; loc: Loc }
  /** `a.b` — `name` keeps its case as written (object keys are case-sensitive JSON keys). */
  | { kind: 'member'; object: Expr; name: string; loc: Loc }
  /** `a[i]` — arrays are 0-based; on objects the index is a key. */
  | { kind: 'index'; object: Expr; index: Expr; loc: Loc }
  | { kind: 'unary'; op: UnaryOp; operand: Expr; loc: Loc }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; loc: Loc }
  /** `name(args)`: a built-in function, a FUNCTION/SUB of this script, or another .bas file of the bot. */
  | { kind: 'call'; name: string; args: Expr[]; loc: Loc }
  | { kind: 'keyword'; keyword: ValueKeyword; args: Expr[]; loc: Loc }
  /**
   * A General Bots keyword phrase (parser/phrases.ts): `phrase` in canonical spelling (`SEND EMAIL`),
   * the values in source order, and each value's label: the words before it (`WITH NAME n` → "name"),
   * else null.
   */
  | { kind: 'phrase'; phrase: string; args: Expr[]; labels: (string | null)[]; loc: Loc };

/** What may stand left of `=`. */
export type Target =
  | { kind: 'variable'; name: string; loc: Loc }
  | { kind: 'member'; object: Expr; name: string; loc: Loc }
  | { kind: 'index'; object: Expr; index: Expr; loc: Loc };

// ---------------------------------------------------------------- statements

/**
 * Keywords used as statements whose work is done by the host (host/effects.ts) or by VM state.
 * Arguments are in source order.
 * - `talk_to address, text` (TALK TO)
 * - `set_header name, value`, `clear_headers` (VM state, sent with every HTTP call)
 * - `add_suggestion key, label` (ADD SUGGESTION "key" AS "label"), `clear_suggestions` (VM state)
 * - `insert "table", object`, `update "table", "filter", object`, `delete "table", "filter"`
 * - `http_delete url` (DELETE with one argument is the HTTP verb; with two it is the data `delete`)
 * - `set_bot_memory key, value`, `remember key, value`, `set_session key, value`, `set_context text`
 * - `send_mail to, subject, body`, `set_schedule "cron"`
 * - `transfer_to_human [target, priority, reason, destination]` or `transfer_to_human {object}`
 * - any ValueKeyword used as a statement (its value is discarded)
 */
export type CommandKeyword =
  | 'talk_to'
  | 'set_header' | 'clear_headers'
  | 'add_suggestion' | 'clear_suggestions'
  | 'insert' | 'update' | 'delete'
  | 'set_bot_memory' | 'remember' | 'set_session' | 'set_context'
  | 'send_mail' | 'set_schedule'
  | ValueKeyword;

/** How HEAR checks the answer: a named type (EMAIL, INTEGER…, upper-cased) or a menu of options. */
export type HearSpec = { kind: 'type'; type: string } | { kind: 'menu'; options: Expr[] };

export type Stmt =
  | { kind: 'assign'; target: Target; value: Expr; loc: Loc }
  | { kind: 'if'; branches: { condition: Expr; body: Stmt[] }[]; elseBody: Stmt[]; loc: Loc }
  | { kind: 'for'; variable: string; from: Expr; to: Expr; step?: Expr; body: Stmt[]; loc: Loc }
  | { kind: 'for_each'; variable: string; list: Expr; body: Stmt[]; loc: Loc }
  /**
   * DO WHILE c … LOOP (test 'before', mode 'while'); DO UNTIL c … LOOP; DO … LOOP WHILE c
   * (test 'after'); DO … LOOP UNTIL c; DO … LOOP (no condition: until EXIT DO);
   * WHILE c … WEND is `loop: 'while'`, test 'before', mode 'while'.
   */
  | {
      kind: 'loop';
      loop: 'do' | 'while';
      test: 'before' | 'after' | 'none';
      mode: 'while' | 'until';
      condition?: Expr;
      body: Stmt[];
      loc: Loc;
    }
  | { kind: 'exit'; what: 'for' | 'do' | 'while' | 'sub' | 'function'; loc: Loc }
  /** CASE values are compared with `=`; `values` of one CASE line are alternatives. */
  | { kind: 'select'; subject: Expr; cases: { values: Expr[]; body: Stmt[] }[]; elseBody: Stmt[]; loc: Loc }
  /** `CALL name(args)` or a bare `name(args)` / `name` statement. */
  | { kind: 'call'; name: string; args: Expr[]; loc: Loc }
  | { kind: 'return'; value?: Expr; loc: Loc }
  /** TALK expr, and BEGIN TALK … END TALK (one string expression with the lines joined by "\n"). */
  | { kind: 'talk'; value: Expr; loc: Loc }
  | { kind: 'hear'; variable: string; as?: HearSpec; loc: Loc }
  | { kind: 'wait'; seconds: Expr; loc: Loc }
  /** `SAVE "table", v1, v2…` (variable names become columns) or `SAVE "table", object`. */
  | { kind: 'save'; table: Expr; fields: Expr[]; loc: Loc }
  | { kind: 'command'; keyword: CommandKeyword; args: Expr[]; loc: Loc }
  /** A keyword phrase used as a statement (its value, if any, is discarded). */
  | { kind: 'phrase'; phrase: string; args: Expr[]; labels: (string | null)[]; loc: Loc }
  /** Statements one source statement stands for (HEAR … WITH prompt DEFAULT value). */
  | { kind: 'sequence'; body: Stmt[]; loc: Loc };

/** `SUB name(a, b) … END SUB` or `FUNCTION name(a) … END FUNCTION`; hoisted, callable before definition. */
export interface Procedure {
  kind: 'sub' | 'function';
  name: string;
  params: string[];
  body: Stmt[];
  loc: Loc;
}

/** `PARAM name AS type [LIKE example] DESCRIPTION "…"`: makes the script a tool with this input. */
export interface ParamDecl {
  name: string;
  /** As written, upper-cased: STRING, INTEGER, NUMBER, BOOLEAN, DATE, EMAIL… */
  type: string;
  like?: Expr;
  description?: string;
  /** `OPTIONAL` after the declaration: a tool call may leave it out. */
  optional?: boolean;
  loc: Loc;
}

/** A change to a bot table that a trigger reacts to. */
export type TableEvent = 'insert' | 'update' | 'delete';

/**
 * `ON INSERT OF "orders"` (or UPDATE, DELETE) at the top level: the script is run, as a run of its
 * own, after each such change of the bot's table (docs/basic.md, "Event handlers").
 */
export interface TableTriggerDecl {
  event: TableEvent;
  /** Lower-case, as tables are kept. */
  table: string;
  loc: Loc;
}

/**
 * `ON FORM SUBMIT "contact" … END ON` at the top level: the lines run when the form is posted to
 * the bot, with `FORM` holding its fields (docs/basic.md, "Webhooks and forms").
 */
export interface FormHandlerDecl {
  /** Lower-case, as forms are looked up. */
  form: string;
  /** `WITH VALIDATION`: fields named email, phone… are checked before the lines run. */
  validation: boolean;
  body: Stmt[];
  loc: Loc;
}

/** The kind of value a TABLE column holds (parser/table-definition.ts maps the SQL-ish spellings). */
export type ColumnType = 'uuid' | 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'timestamp' | 'json' | 'reference';

/** A column's DEFAULT: a literal, or a value made when a row is added (NOW(), TODAY(), UUID()). */
export type ColumnDefault = { kind: 'value'; value: string | number | boolean | null } | { kind: 'now' } | { kind: 'today' } | { kind: 'uuid' };

/** One column line of a TABLE block; names lower-case, as tables keep them. */
export interface TableColumn {
  name: string;
  type: ColumnType;
  /** VARCHAR(n), STRING(n): the most characters a value may have. */
  maxLength?: number;
  primaryKey?: boolean;
  notNull?: boolean;
  unique?: boolean;
  default?: ColumnDefault;
  /** `GENERATED ALWAYS AS (sql) STORED`: read, not computed (docs/basic.md, "Table definitions"). */
  generated?: boolean;
  /** A column typed with another table's name, or REFERENCES table: that table, lower-case. */
  references?: string;
  loc: Loc;
}

/** `TABLE name` … `END TABLE`: one of the bot's tables (docs/basic.md, "Table definitions"). */
export interface TableDecl {
  name: string;
  columns: TableColumn[];
  /** `UNIQUE(a, b)` lines: columns whose values together appear in one row at most. */
  unique?: string[][];
  loc: Loc;
}

/** `CREATE [UNIQUE] INDEX name ON table(col, …)`. */
export interface IndexDecl {
  name: string;
  table: string;
  columns: string[];
  unique: boolean;
  loc: Loc;
}

/** One parsed .bas file. */
export interface Program {
  file: string;
  body: Stmt[];
  procedures: Procedure[];
  params: ParamDecl[];
  /** From a top-level `DESCRIPTION "…"` statement. */
  description?: string;
  /** Top-level `ON INSERT/UPDATE/DELETE OF "table"` declarations. */
  triggers: TableTriggerDecl[];
  /** From a top-level `WEBHOOK "name"` (lower-case): the script is that HTTP endpoint of its bot. */
  webhook?: string;
  /** Top-level `ON FORM SUBMIT` blocks, kept out of `body`. */
  forms: FormHandlerDecl[];
  /** `TABLE … END TABLE` blocks (declarations: they run nothing). */
  tables?: TableDecl[];
  /** `CREATE INDEX` lines. */
  indexes?: IndexDecl[];
}
