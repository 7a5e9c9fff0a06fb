import type { TurnResult } from './dialog.js';
import type { Value } from '../values.js';
import { execute } from './exec.js';
import { locate, type Machine, type ScriptFailure, type Signal } from './machine.js';
import { saveState } from './state.js';
import { cloneValue } from './operators.js';
import { sharedFile } from './output-file.js';

/**
 * Runs one turn of a dialog: the synchronous instruction loop (exec.ts) until it needs the
 * host, then `await host.perform(effect)` and on, until HEAR, WAIT, the end, or an error. The
 * only awaits are on effects; a rejected effect is a runtime error at the effect's line.
 */
export async function runTurn(m: Machine): Promise<TurnResult> {
  for (;;) {
    let signal: Signal;
    try {
      signal = execute(m);
    } catch (error) {
      return failed(m, locate(error, m.options.entry, 0));
    }
    switch (signal.kind) {
      case 'effect': {
        const { effect, dst } = signal;
        let value: Value;
        try {
          value = (await m.options.host.perform(effect)) ?? null;
          m.checkWall();
        } catch (error) {
          return failed(m, locate(error, effect.file, effect.line));
        }
        if (signal.hears) m.heard = { value, prompt: signal.hears.prompt };
        else if (dst >= 0) m.frame.regs[dst] = typeof value === 'object' && value !== null ? cloneValue(value) : value;
        if (signal.sends) {
          try {
            m.sendFile(sharedFile(value), signal.sends.caption);
          } catch (error) {
            return failed(m, locate(error, effect.file, effect.line));
          }
        }
        continue;
      }
      case 'hear':
        return {
          status: 'waiting',
          state: saveState(m, 'waiting'),
          outputs: m.outputs,
          ...notice(m),
          waiting_for: {
            variable: signal.spec.variable,
            ...(signal.spec.type ? { type: signal.spec.type } : {}),
            ...(signal.options ? { menu: signal.options } : {}),
          },
        };
      case 'wait':
        return {
          status: 'sleeping',
          state: saveState(m, 'sleeping'),
          outputs: m.outputs,
          ...notice(m),
          resume_at: new Date(m.ctx.now().getTime() + signal.seconds * 1000).toISOString(),
        };
      case 'done':
        return { status: 'done', outputs: m.outputs, ...notice(m), value: signal.value, ...(signal.variables ? { variables: signal.variables } : {}) };
    }
  }
}

function notice(m: Machine): { notice?: string } {
  return m.notice === undefined ? {} : { notice: m.notice };
}

function failed(m: Machine, failure: ScriptFailure): TurnResult {
  return { status: 'error', outputs: m.outputs, ...notice(m), error: { message: failure.message, file: failure.file, line: failure.line } };
}
