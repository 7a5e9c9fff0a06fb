import { toText } from '../coercion.js';
import { Op, opName, type Instr } from './instructions.js';
import type { Value } from '../values.js';
import { buildEffect, saveEffect } from './effects.js';
import { hearInstruction } from './hear.js';
import { runPhrase } from './phrases.js';
import type { Frame, Machine, Signal } from './machine.js';
import { isScript, type AuxEntry } from './script.js';
import { eachItems, num, ScriptError, setKey } from './operators.js';

/**
 * The instructions that are not worth a place in the hot loop: TALK, HEAR, WAIT, effects,
 * calls into other scripts, state keywords. Each starts with `frame.pc` at the instruction and
 * leaves it at the next one to run; a returned signal stops the loop.
 */
export function rareInstruction(m: Machine, frame: Frame, ins: Instr): Signal | undefined {
  const regs = frame.regs;
  const aux = frame.script.aux;
  switch (ins.op as number) {
    case Op.LoadConst:
      regs[ins.a] = (aux[ins.b] as Extract<AuxEntry, { kind: 'const' }>).value;
      break;
    case Op.Now:
    case Op.Today: {
      const iso = m.ctx.now().toISOString();
      regs[ins.a] = ins.op === Op.Now ? iso : iso.slice(0, 10);
      break;
    }
    case Op.Nop:
      break;
    case Op.MakeObject: {
      const keys = aux[ins.d] as string[];
      const object: Record<string, Value> = {};
      keys.forEach((key, i) => setKey(object, key, regs[ins.b + i]!));
      regs[ins.a] = object;
      break;
    }
    case Op.EachPrep:
      regs[ins.a] = eachItems(regs[ins.a]!);
      regs[ins.b] = 0;
      break;
    case Op.Throw:
      throw new ScriptError(aux[ins.d] as string);
    case Op.CallScript:
      return callScript(m, frame, ins);
    case Op.Talk:
      m.talk(toText(regs[ins.a]!));
      break;
    case Op.Hear:
      return hearInstruction(m, frame, ins);
    case Op.Wait: {
      const seconds = num(regs[ins.a]!);
      if (!Number.isFinite(seconds)) throw new ScriptError(`WAIT needs a number of seconds, got ${toText(regs[ins.a]!)}`);
      frame.pc++;
      frame.live = ins.d;
      return { kind: 'wait', seconds: Math.max(0, seconds) };
    }
    case Op.Effect: {
      const { keyword } = aux[ins.d] as Extract<AuxEntry, { kind: 'effect' }>;
      const body = buildEffect(keyword, regs.slice(ins.b, ins.b + ins.c), m.headers);
      if (body.type === 'http') m.countHttpCall();
      frame.pc++;
      return { kind: 'effect', effect: { ...m.capRows(body), file: frame.script.file, line: ins.line }, dst: ins.a };
    }
    case Op.Phrase: {
      const { phrase, labels } = aux[ins.d] as Extract<AuxEntry, { kind: 'phrase' }>;
      const outcome = runPhrase(phrase, regs.slice(ins.b, ins.b + ins.c), labels, m.headers, m.ctx);
      if ('value' in outcome) {
        regs[ins.a] = outcome.value;
        break;
      }
      if ('talk' in outcome) {
        m.talk(outcome.talk);
        regs[ins.a] = null;
        break;
      }
      if ('setting' in outcome) {
        if (outcome.setting === 'max_lines') m.maxLines = outcome.amount;
        else m.setTimeout(outcome.amount);
        regs[ins.a] = null;
        break;
      }
      if ('file' in outcome) {
        m.sendFile(outcome.file, outcome.caption);
        regs[ins.a] = null;
        break;
      }
      if ('share' in outcome) {
        // The host's answer is the link; run-turn.ts sends the file once it has it, in order with the TALKs.
        regs[ins.a] = null;
        frame.pc++;
        return { kind: 'effect', effect: { ...outcome.share, file: frame.script.file, line: ins.line }, dst: -1, sends: { caption: outcome.caption } };
      }
      if (outcome.effect.type === 'http' || outcome.effect.type === 'file.download') m.countHttpCall();
      frame.pc++;
      return { kind: 'effect', effect: { ...m.capRows(outcome.effect), file: frame.script.file, line: ins.line }, dst: ins.a };
    }
    case Op.Save: {
      const body = saveEffect(regs.slice(ins.b, ins.b + ins.c), aux[ins.d] as string[]);
      frame.pc++;
      return { kind: 'effect', effect: { ...body, file: frame.script.file, line: ins.line }, dst: -1 };
    }
    case Op.SetHeader:
      m.headers = { ...m.headers, [toText(regs[ins.a]!)]: toText(regs[ins.b]!) };
      break;
    case Op.ClearHeaders:
      m.headers = {};
      break;
    case Op.AddSuggestion: {
      const key = toText(regs[ins.a]!);
      m.suggestions = [...m.suggestions, { key, label: toText(regs[ins.b]!) }];
      break;
    }
    case Op.ClearSuggestions:
      m.suggestions = [];
      break;
    default:
      throw new Error(`VM: no handler for ${opName(ins.op)}`);
  }
  frame.pc++;
  return undefined;
}

/** `name(args)` where name is another script of the bot: a new script frame, so HEAR inside it suspends the dialog. */
function callScript(m: Machine, frame: Frame, ins: Instr): undefined {
  const name = frame.script.aux[ins.d] as string;
  const script = m.options.library.get(name);
  if (!script) throw new ScriptError(`unknown function "${name}" (not a SUB or FUNCTION of this script, a built-in, or a script of this bot)`);
  if (!isScript(script)) throw new ScriptError(`script "${name}" cannot be called (not compiled by this interpreter)`);
  const args = frame.regs.slice(ins.b, ins.b + ins.c);
  m.steps++;
  if (m.steps >= m.checkAt) m.checkLimits();
  m.pushScript(script, args, ins.a);
  frame.pc++;
  frame.live = ins.b;
  return undefined;
}
