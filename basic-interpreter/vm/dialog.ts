import type { HearPrompt } from '../keywords/hear-prompts.js';
import type { EffectHost } from '../host/index.js';
import type { HearAttachment } from '../keywords/index.js';
import type { ObjectValue, Value } from '../values.js';

/**
 * The public shape of running a dialog: the types shared by the VM (run-dialog.ts), the CLI and the
 * engine. A dialog is one run of a bot's entry script with one customer; between turns it is the
 * JSON value `DialogState`.
 */

/** Limits of one turn (from the input to the next HEAR/WAIT/end). Exceeding one is a runtime error. */
export interface TurnLimits {
  /** VM instructions executed. */
  maxSteps: number;
  /** Wall-clock time, host calls included. */
  maxWallMs: number;
  /** HTTP effects. */
  maxHttpCalls: number;
  /** Characters of TALK output. */
  maxOutputChars: number;
}

export const DEFAULT_TURN_LIMITS: TurnLimits = {
  maxSteps: 1_000_000,
  maxWallMs: 30_000,
  maxHttpCalls: 10,
  maxOutputChars: 100_000,
};

/** A quick reply offered with a TALK (ADD SUGGESTION), or an option of a HEAR … AS menu. */
export interface Suggestion {
  key: string;
  label: string;
}

/** A file the customer receives by its URL (SEND FILE); the kind comes from the name's extension. */
export interface OutputFile {
  type: 'image' | 'audio' | 'video' | 'file';
  url: string;
  name: string;
}

/** What the customer sees, in order; SEND FILE's output carries the file, its caption as the text. */
export type Output = { type: 'talk'; text: string; suggestions?: Suggestion[]; files?: OutputFile[] };

/** A compiled .bas file; produced by `compileScript` (compiler/compiler.ts). Opaque outside the interpreter. */
export interface CompiledScript {
  /** Lower-case file name without `.bas`: how other scripts call it. */
  readonly name: string;
  /** Path as given, for error messages. */
  readonly file: string;
  /** Hash of the source: a saved dialog resumes only into the same code. */
  readonly hash: string;
}

/** The scripts of one bot, by name (lower-case, no `.bas`). */
export interface ScriptLibrary {
  get(name: string): CompiledScript | undefined;
}

/** A suspended dialog: plain JSON, stored in the session row between turns. */
export type DialogState = { readonly version: 1 } & { [key: string]: Value };

export type TurnResult =
  /** Stopped at HEAR: `state` resumes with the customer's next message. */
  | { status: 'waiting'; state: DialogState; outputs: Output[]; notice?: string; waiting_for: WaitingFor }
  /** Stopped at WAIT: resume (with no input) at `resume_at`. */
  | { status: 'sleeping'; state: DialogState; outputs: Output[]; notice?: string; resume_at: string }
  /**
   * The entry script ended; `value` is its top-level RETURN value (or null), `variables` its
   * top-level variables as they were at the end (only when the run asked for them).
   */
  | { status: 'done'; outputs: Output[]; notice?: string; value: Value; variables?: Record<string, Value> }
  /** A runtime error or a limit ended the dialog. */
  | { status: 'error'; outputs: Output[]; notice?: string; error: { message: string; file: string; line: number } };

export interface RunOptions {
  library: ScriptLibrary;
  host: EffectHost;
  limits?: Partial<TurnLimits>;
  /** Injected for tests and for WAIT: defaults to the real clock. */
  now?: () => Date;
  /** Renders HEAR's re-ask in the bot's language (keywords/hear-prompts.ts); without it, English. */
  hearPrompt?: (prompt: HearPrompt) => string;
}

export interface StartOptions extends RunOptions {
  /** Name of the script to run, usually "start". */
  entry: string;
  /** Built-in variables (user_name, channel, first_message…) and `param-<x>` values, by lower-case name. */
  variables?: Record<string, Value>;
  /** Start at the entry script's `ON FORM SUBMIT "form"` block instead of its top (lower-case name). */
  form?: string;
  /** Give the entry script's top-level variables with a `done` result (a WEBHOOK's `result_*`). */
  keepVariables?: boolean;
}

/** What a dialog stopped at HEAR waits for: the variable, its HEAR type (upper-case) or menu. */
export interface WaitingFor {
  variable: string;
  type?: string;
  menu?: Suggestion[];
}

export interface ResumeOptions extends RunOptions {
  state: DialogState;
  /** The customer's message for HEAR; absent when a WAIT is over. */
  input?: string;
  /** The files the customer's message carries (HEAR's media types answer from them). */
  attachments?: readonly HearAttachment[];
  /**
   * The answer to the waiting HEAR that the host obtained without a message (HEAR x AS LOGIN: the
   * signed-in user), taken as valid. The host checks first that the dialog waits for it.
   */
  answer?: ObjectValue;
}
