import { DEFAULT_TURN_LIMITS, type ResumeOptions, type RunOptions, type StartOptions, type TurnResult } from './dialog.js';
import type { Value } from '../values.js';
import { runTurn } from './run-turn.js';
import { Machine } from './machine.js';
import { isScript } from './script.js';
import { changedScript, readState, restoreState } from './state.js';

/**
 * The interpreter's two entry points: start a bot's dialog, and resume one from its saved state
 * with the customer's next message (or, after WAIT, without one). Each call is one turn.
 */

function machine(options: RunOptions & { keepVariables?: boolean }, entry: string, variables: Record<string, Value>): Machine {
  return new Machine({
    ...(options.keepVariables ? { keepVariables: true } : {}),
    library: options.library,
    host: options.host,
    limits: { ...DEFAULT_TURN_LIMITS, ...options.limits },
    now: options.now ?? (() => new Date()),
    ...(options.hearPrompt ? { hearPrompt: options.hearPrompt } : {}),
    entry: entry.toLowerCase(),
    variables,
  });
}

function startError(entry: string, message: string): TurnResult {
  return { status: 'error', outputs: [], error: { message, file: entry, line: 0 } };
}

/** Runs the entry script from the top, with the built-in variables, until its first HEAR, WAIT or end. */
export async function startDialog(options: StartOptions): Promise<TurnResult> {
  return start(machine(options, options.entry, options.variables ?? {}), undefined, options.form);
}

async function start(m: Machine, notice?: string, form?: string): Promise<TurnResult> {
  const { entry } = m.options;
  m.notice = notice;
  const script = m.options.library.get(entry);
  if (!script) return { ...startError(entry, `no script named "${entry}"`), ...(notice ? { notice } : {}) };
  if (!isScript(script)) return startError(entry, `script "${entry}" was not compiled by this interpreter`);
  try {
    const frame = m.pushScript(script, [], -1);
    if (form !== undefined) {
      const handler = script.forms.find((f) => f.form === form);
      if (!handler) return startError(entry, `script "${entry}" has no ON FORM SUBMIT "${form}"`);
      frame.pc = handler.entry;
    }
  } catch (error) {
    return startError(entry, (error as Error).message);
  }
  return runTurn(m);
}

/**
 * Continues a saved dialog. `input` answers the HEAR it stopped at (without input it keeps
 * waiting); a dialog sleeping after WAIT continues after it. When a script on the saved call
 * stack changed (or is gone) since the state was saved, the dialog restarts from the top of its
 * entry script with the variables it was started with, and the result carries a `notice`.
 */
export async function resumeDialog(options: ResumeOptions): Promise<TurnResult> {
  const saved = readState(options.state);
  if (!saved) return startError('', 'the saved dialog state is not one this interpreter wrote');
  const changed = changedScript(saved, options.library);
  const m = machine(options, saved.entry, saved.variables);
  if (changed !== undefined) return start(m, `script ${changed} changed since this dialog was saved; restarted from the top`);
  try {
    restoreState(m, saved);
  } catch (error) {
    return startError(saved.entry, `the saved dialog state is damaged: ${(error as Error).message}`);
  }
  if (saved.status === 'waiting') {
    m.input = options.input;
    m.inputAttachments = options.attachments ?? [];
    if (options.answer !== undefined) m.heard = { value: options.answer, prompt: { key: 'sign_in' } };
  }
  return runTurn(m);
}
