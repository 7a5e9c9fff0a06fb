import type { BuiltinFunction, HearType } from '../keywords/index.js';
import type { CommandKeyword, IndexDecl, TableDecl, TableEvent } from '../parser/index.js';
import type { Value } from '../values.js';
import type { CompiledScript } from './dialog.js';
import type { Instr } from './instructions.js';

/**
 * The compiled form of one .bas file, as the compiler (compiler/compiler.ts) produces it and the VM runs
 * it. `CompiledScript` in dialog.ts is the opaque public face of this type.
 */

/**
 * A unit of code with its own register layout: the script's top level (unit 0) or one SUB or
 * FUNCTION. Registers are `[named variables][constants][temporaries]`.
 */
export interface Unit {
  readonly kind: 'top' | 'sub' | 'function';
  /** Lower-case procedure name; "" for the top level. */
  readonly name: string;
  /** Index of the first instruction in the script's code. */
  readonly entry: number;
  /** Parameters occupy registers 0..paramCount-1 (procedures only). */
  readonly paramCount: number;
  /** Names of registers 0..varNames.length-1: module variables (top) or parameters and locals. */
  readonly varNames: readonly string[];
  readonly varIndex: ReadonlyMap<string, number>;
  /** The registers of a new frame: NULL variables, preloaded constants, NULL temporaries. */
  readonly template: readonly Value[];
  /** First temporary register. */
  readonly tempStart: number;
}

/** A PARAM declaration, with its LIKE example evaluated (when it is a constant). */
export interface ParamInfo {
  name: string;
  type: string;
  description?: string;
  example?: Value;
  /** Declared OPTIONAL: not in the tool schema's `required`. */
  optional?: boolean;
}

/** A problem found while compiling; the code at that spot raises it as a runtime error. */
export interface Diagnostic {
  message: string;
  line: number;
}

/** How a HEAR checks its answer (an aux entry). */
export interface HearSpec {
  variable: string;
  /** Named type (upper-case) and its check; absent for plain HEAR and for menus. */
  type?: string;
  check?: HearType;
  menu: boolean;
}

/** Entries of the aux table, by the opcode that refers to them (see instructions.ts). */
export type AuxEntry =
  | string // member name, script name, Throw message
  | string[] // object keys, SAVE columns
  | { kind: 'const'; value: Value }
  | { kind: 'builtin'; name: string; fn: BuiltinFunction }
  | { kind: 'effect'; keyword: CommandKeyword }
  | { kind: 'phrase'; phrase: string; labels: (string | null)[] }
  | HearSpec;

/** A compiled script: one flat instruction array for the top level and all procedures. */
export interface Script extends CompiledScript {
  readonly code: readonly Instr[];
  /** units[0] is the top level. */
  readonly units: readonly Unit[];
  /** Procedure name → unit index. */
  readonly procedures: ReadonlyMap<string, number>;
  readonly aux: readonly AuxEntry[];
  readonly params: readonly ParamInfo[];
  readonly description?: string;
  /** Its `ON INSERT/UPDATE/DELETE OF "table"` declarations (lower-case tables). */
  readonly triggers: readonly TableTrigger[];
  /** Its `ON EMAIL` and `ON CHANGE` declarations (compiler/event-watches.ts). */
  readonly watches: readonly EventWatch[];
  /** Its `WEBHOOK "name"` (lower-case): the script is that HTTP endpoint of its bot. */
  readonly webhook?: string;
  /** Its `ON FORM SUBMIT` blocks: where each starts in `code` (in the top-level frame). */
  readonly forms: readonly FormHandler[];
  /** Its `TABLE … END TABLE` blocks and `CREATE INDEX` lines (declarations; they run nothing). */
  readonly tables: readonly TableDecl[];
  readonly indexes: readonly IndexDecl[];
  readonly diagnostics: readonly Diagnostic[];
}

/** A table change a script declared it handles (`ON INSERT OF "orders"`). */
export interface TableTrigger {
  event: TableEvent;
  table: string;
}

/**
 * What a script declared it watches (docs/basic.md, "Event handlers"): new mail in the bot's
 * mailbox (`ON EMAIL ["address"] [FROM "sender"] [SUBJECT "text"]`, each filter optional and
 * lower-cased), or files of the bot's drive under a folder (`ON CHANGE "folder" [EVENTS "…"]`).
 */
export type EventWatch =
  | { kind: 'mail'; address?: string; from?: string; subject?: string }
  | { kind: 'folder'; folder: string; events: readonly FolderEvent[] };

/** A change of a drive file that ON CHANGE reports. */
export type FolderEvent = 'create' | 'modify' | 'delete';

/** A folder of a connected account or a cloud provider (`account://…`, `gdrive:///…`), not of the bot's drive. */
export function isAccountPath(folder: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(folder.trim());
}

/** An `ON FORM SUBMIT "form"` block, compiled as top-level code starting at `entry`. */
export interface FormHandler {
  form: string;
  /** Declared `WITH VALIDATION`. */
  validation: boolean;
  entry: number;
}

/** True for scripts made by this compiler (anything else in a library cannot be run). */
export function isScript(script: CompiledScript): script is Script {
  return Array.isArray((script as Partial<Script>).code) && Array.isArray((script as Partial<Script>).units);
}
