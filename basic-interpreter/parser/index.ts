/**
 * The front half of the interpreter: `.bas` source text → typed AST (ast.ts) plus every error,
 * worded for script authors. Tokens (tokens.ts), grammar (grammar.ts, built once), CST → AST
 * (ast-builder.ts), error wording (parse-errors.ts), entry (parse.ts).
 */
export { parse, type ParseError } from './parse.js';
export { restoreLookaheadSnapshot, takeLookaheadSnapshot, type LookaheadSnapshot } from './lookahead-snapshot.js';
export { formatParseError } from './parse-errors.js';
export { PHRASE_NAMES, WORD_PHRASES } from './phrases.js';
export type {
  BinaryOp, CommandKeyword, Expr, FormHandlerDecl, HearSpec, Loc, ParamDecl, Procedure, Program, Stmt, TableEvent, TableTriggerDecl, Target, TableDecl, TableColumn, ColumnDefault, ColumnType, IndexDecl, UnaryOp, ValueKeyword,
} from './ast.js';
