import { toText } from '../coercion.js';
import type { Suggestion } from './dialog.js';
import type { Instr } from './instructions.js';
import { englishPrompt, matchMenuOption, type HearPrompt, type HearResult } from '../keywords/index.js';
import type { Value } from '../values.js';
import type { Frame, Machine, Signal } from './machine.js';
import type { HearSpec } from './script.js';

/** Invalid answers in a row after which HEAR gives up: the variable becomes NULL and the script goes on. */
export const HEAR_ATTEMPTS = 3;

/** The options of a HEAR … AS menu, as suggestions keyed by their text. */
export function menuOptions(list: Value): Suggestion[] {
  return (Array.isArray(list) ? list : []).map((v) => ({ key: toText(v), label: toText(v) }));
}

function menuPrompt(options: Suggestion[]): HearPrompt {
  return { key: 'menu', params: { options: options.map((o) => o.label).join(', ') } };
}

/**
 * HEAR: without an answer, stop and wait for one (the frame stays on this instruction). With one,
 * check it: a valid answer is stored and the script continues; an invalid one re-asks and waits
 * again, until the third in a row, which stores NULL and reports `hear.failed` to the host. A
 * check that needs the host (a media type's file, QRCODE) asks it with an effect and this
 * instruction runs again with the host's answer in `m.heard`: a value other than null or empty
 * text is valid, anything else is not.
 */
export function hearInstruction(m: Machine, frame: Frame, ins: Instr): Signal | undefined {
  const spec = frame.script.aux[ins.c] as HearSpec;
  const options = spec.menu ? menuOptions(frame.regs[ins.b]!) : undefined;
  const waiting = (): Signal => {
    frame.live = ins.d;
    return options ? { kind: 'hear', spec, options } : { kind: 'hear', spec };
  };

  let outcome: HearResult;
  if (m.heard !== undefined) {
    const { value, prompt } = m.heard;
    m.heard = undefined;
    outcome = value !== null && value !== '' ? { ok: true, value } : { ok: false, prompt };
  } else {
    if (m.input === undefined) return waiting();
    const input = m.input;
    const attachments = m.inputAttachments;
    m.input = undefined;
    m.inputAttachments = [];
    if (options) {
      const picked = matchMenuOption(input, options);
      outcome = picked ? { ok: true, value: picked.key } : { ok: false, prompt: menuPrompt(options) };
    } else if (spec.check) {
      outcome = spec.check(input, m.ctx, attachments);
    } else {
      outcome = { ok: true, value: input };
    }
  }

  if (outcome.ok === 'host') {
    return { kind: 'effect', effect: { ...outcome.effect, file: frame.script.file, line: ins.line }, dst: -1, hears: { prompt: outcome.prompt } };
  }
  if (outcome.ok) {
    m.hearTries = 0;
    frame.regs[ins.a] = outcome.value;
    frame.pc++;
    return undefined;
  }
  m.hearTries++;
  if (m.hearTries >= HEAR_ATTEMPTS) {
    m.hearTries = 0;
    frame.regs[ins.a] = null;
    frame.pc++;
    return { kind: 'effect', effect: { type: 'hear.failed', variable: spec.variable, file: frame.script.file, line: ins.line }, dst: -1 };
  }
  // In the bot's language when the host renders prompts (keywords/hear-prompts.ts), else in English.
  m.talk(m.ctx.hearPrompt?.(outcome.prompt) ?? englishPrompt(outcome.prompt), options ?? []);
  return waiting();
}
