import { Op } from './instructions.js';
import type { Value } from '../values.js';
import { locate, MAX_CALL_DEPTH, topLevelVariables, type Frame, type Machine, type Signal } from './machine.js';
import { rareInstruction } from './rare.js';
import type { AuxEntry } from './script.js';
import { add, arith, cloneValue, compare, concat, index, isTruthy, member, num, ScriptError, setIndex, setMember } from './operators.js';

/**
 * The instruction loop. Synchronous: it runs until the script needs the host (an effect), stops
 * (HEAR, WAIT), or ends, and says which with a {@link Signal}. The hot instructions are handled
 * inline with number fast paths; the rest go to rare.ts. Steps are counted on back edges
 * (by the length of the loop body) and calls, so straight-line code pays nothing for limits.
 */
export function execute(m: Machine): Signal {
  const frames = m.frames;
  let frame: Frame = m.frame;
  let code = frame.script.code;
  let regs = frame.regs;
  let mod = frame.mod;
  let pc = frame.pc;
  let steps = m.steps;
  let checkAt = m.checkAt;
  try {
    for (;;) {
      const ins = code[pc]!;
      // Opcodes are literal numbers here (checked against Op by compiler.test.ts): V8 turns a
      // dense literal switch into a jump table, but not one over imported constants.
      switch (ins.op as number) {
        case 0: /* Move */
          regs[ins.a] = regs[ins.b]!; pc++; break;
        case 1: /* MoveCopy */ {
          const v = regs[ins.b]!;
          regs[ins.a] = typeof v === 'object' && v !== null ? cloneValue(v) : v; pc++; break; }
        case 3: /* LoadModule */ {
          const v = mod[ins.b]!;
          regs[ins.a] = ins.c === 1 && typeof v === 'object' && v !== null ? cloneValue(v) : v; pc++; break; }
        case 4: /* StoreModule */
          mod[ins.a] = regs[ins.b]!; pc++; break;
        case 8: /* Add */ {
          const x = regs[ins.b]!, y = regs[ins.c]!;
          regs[ins.a] = typeof x === 'number' && typeof y === 'number' ? x + y : add(x, y); pc++; break; }
        case 9: /* Sub */ {
          const x = regs[ins.b]!, y = regs[ins.c]!;
          regs[ins.a] = typeof x === 'number' && typeof y === 'number' ? x - y : arith('-', x, y); pc++; break; }
        case 10: /* Mul */ {
          const x = regs[ins.b]!, y = regs[ins.c]!;
          regs[ins.a] = typeof x === 'number' && typeof y === 'number' ? x * y : arith('*', x, y); pc++; break; }
        case 11: /* Div */
          regs[ins.a] = arith('/', regs[ins.b]!, regs[ins.c]!); pc++; break;
        case 12: /* IntDiv */
          regs[ins.a] = arith('\\', regs[ins.b]!, regs[ins.c]!); pc++; break;
        case 13: /* Mod */
          regs[ins.a] = arith('MOD', regs[ins.b]!, regs[ins.c]!); pc++; break;
        case 14: /* Pow */
          regs[ins.a] = arith('^', regs[ins.b]!, regs[ins.c]!); pc++; break;
        case 15: /* Concat */
          regs[ins.a] = concat(regs[ins.b]!, regs[ins.c]!); pc++; break;
        case 16: /* Eq */
        case 17: /* Ne */
        case 18: /* Lt */
        case 19: /* Le */
        case 20: /* Gt */
        case 21: /* Ge */
          regs[ins.a] = compare(ins.op - Op.Eq, regs[ins.b]!, regs[ins.c]!); pc++; break;
        case 22: /* Neg */ {
          const x = regs[ins.b]!;
          regs[ins.a] = -(typeof x === 'number' ? x : num(x)); pc++; break; }
        case 23: /* Plus */
          regs[ins.a] = num(regs[ins.b]!); pc++; break;
        case 24: /* Not */
          regs[ins.a] = !isTruthy(regs[ins.b]!); pc++; break;
        case 25: /* Truthy */
          regs[ins.a] = isTruthy(regs[ins.b]!); pc++; break;
        case 26: /* MakeArray */
          regs[ins.a] = regs.slice(ins.b, ins.b + ins.c); pc++; break;
        case 29: /* Member */ {
          const v = member(regs[ins.b]!, frame.script.aux[ins.c] as string);
          regs[ins.a] = ins.d === 1 && typeof v === 'object' && v !== null ? cloneValue(v) : v; pc++; break; }
        case 30: /* Index */ {
          const v = index(regs[ins.b]!, regs[ins.c]!);
          regs[ins.a] = ins.d === 1 && typeof v === 'object' && v !== null ? cloneValue(v) : v; pc++; break; }
        case 31: /* SetMember */
          setMember(regs[ins.a]!, frame.script.aux[ins.b] as string, regs[ins.c]!); pc++; break;
        case 32: /* SetIndex */
          setIndex(regs[ins.a]!, regs[ins.b]!, regs[ins.c]!); pc++; break;
        case 33: /* Jump */
          pc = ins.d;
          break;
        case 34: /* Loop */
          steps += pc - ins.d + 1;
          if (steps >= checkAt) checkAt = limit(m, steps);
          pc = ins.d;
          break;
        case 35: /* JumpIfFalse */
          pc = isTruthy(regs[ins.a]!) ? pc + 1 : ins.d;
          break;
        case 36: /* JumpIfTrue */
          pc = isTruthy(regs[ins.a]!) ? ins.d : pc + 1;
          break;
        case 39: /* JumpUnlessLt */ {
          const x = regs[ins.a]!, y = regs[ins.b]!;
          pc = (typeof x === 'number' && typeof y === 'number' ? x < y : compare(2, x, y)) ? pc + 1 : ins.d;
          break;
        }
        case 40: /* JumpUnlessLe */ {
          const x = regs[ins.a]!, y = regs[ins.b]!;
          pc = (typeof x === 'number' && typeof y === 'number' ? x <= y : compare(3, x, y)) ? pc + 1 : ins.d;
          break;
        }
        case 41: /* JumpUnlessGt */ {
          const x = regs[ins.a]!, y = regs[ins.b]!;
          pc = (typeof x === 'number' && typeof y === 'number' ? x > y : compare(4, x, y)) ? pc + 1 : ins.d;
          break;
        }
        case 42: /* JumpUnlessGe */ {
          const x = regs[ins.a]!, y = regs[ins.b]!;
          pc = (typeof x === 'number' && typeof y === 'number' ? x >= y : compare(5, x, y)) ? pc + 1 : ins.d;
          break;
        }
        case 37: /* JumpUnlessEq */ {
          const x = regs[ins.a]!, y = regs[ins.b]!;
          pc = (typeof x === 'number' && typeof y === 'number' ? x === y : compare(0, x, y)) ? pc + 1 : ins.d;
          break;
        }
        case 38: /* JumpUnlessNe */ {
          const x = regs[ins.a]!, y = regs[ins.b]!;
          pc = (typeof x === 'number' && typeof y === 'number' ? x !== y : compare(1, x, y)) ? pc + 1 : ins.d;
          break;
        }
        case 43: /* JumpIfEq */
          pc = compare(0, regs[ins.a]!, regs[ins.b]!) ? ins.d : pc + 1;
          break;
        case 46: /* ForPrep1 */ {
          const v = num(regs[ins.a]!);
          const to = num(regs[ins.b]!);
          regs[ins.a] = v;
          regs[ins.b] = to;
          pc = v <= to ? pc + 1 : ins.d;
          break;
        }
        case 47: /* ForNext1 */ {
          const x = regs[ins.a]!;
          const v = (typeof x === 'number' ? x : num(x)) + 1;
          regs[ins.a] = v;
          if (v <= (regs[ins.b] as number)) {
            steps += pc - ins.d + 1;
            if (steps >= checkAt) checkAt = limit(m, steps);
            pc = ins.d;
          } else pc++;
          break;
        }
        case 44: /* ForPrep */ {
          const v = num(regs[ins.a]!);
          const to = num(regs[ins.b]!);
          const step = num(regs[ins.c]!);
          regs[ins.a] = v;
          regs[ins.b] = to;
          regs[ins.c] = step;
          pc = (step >= 0 ? v <= to : v >= to) ? pc + 1 : ins.d;
          break;
        }
        case 45: /* ForNext */ {
          const x = regs[ins.a]!;
          const step = regs[ins.c] as number;
          const v = (typeof x === 'number' ? x : num(x)) + step;
          regs[ins.a] = v;
          if (step >= 0 ? v <= (regs[ins.b] as number) : v >= (regs[ins.b] as number)) {
            steps += pc - ins.d + 1;
            if (steps >= checkAt) checkAt = limit(m, steps);
            pc = ins.d;
          } else pc++;
          break;
        }
        case 49: /* EachNext */ {
          const list = regs[ins.b] as Value[];
          const i = regs[ins.c] as number;
          if (i < list.length) {
            regs[ins.a] = list[i]!;
            regs[ins.c] = i + 1;
            pc++;
          } else pc = ins.d;
          break;
        }
        case 50: /* CallProc */ {
          const unit = frame.script.units[ins.d]!;
          if (frames.length >= MAX_CALL_DEPTH) throw new ScriptError(`calls nested deeper than ${MAX_CALL_DEPTH} (endless recursion?)`);
          const next = unit.template.slice();
          for (let i = 0; i < ins.c; i++) next[i] = regs[ins.b + i]!;
          frame.pc = pc + 1;
          frame.live = ins.b;
          if (++steps >= checkAt) checkAt = limit(m, steps);
          frame = { script: frame.script, unit, pc: unit.entry, regs: next, mod, dst: ins.a, live: unit.tempStart };
          frames.push(frame);
          regs = next;
          pc = unit.entry;
          break;
        }
        case 51: /* CallBuiltin */ {
          const entry = frame.script.aux[ins.d] as Extract<AuxEntry, { kind: 'builtin' }>;
          const v = entry.fn(regs.slice(ins.b, ins.b + ins.c), m.ctx);
          regs[ins.a] = typeof v === 'object' && v !== null ? cloneValue(v) : v; pc++; break; }
        case 53: /* Return */
        case 54: /* ReturnNull */ {
          let v: Value = null;
          if (ins.op === Op.Return) {
            v = regs[ins.a]!;
            if (ins.b === 1 && typeof v === 'object' && v !== null) v = cloneValue(v);
          }
          const dst = frame.dst;
          frames.pop();
          if (frames.length === 0) {
            m.steps = steps;
            return m.options.keepVariables ? { kind: 'done', value: v, variables: topLevelVariables(frame) } : { kind: 'done', value: v };
          }
          frame = frames[frames.length - 1]!;
          code = frame.script.code;
          regs = frame.regs;
          mod = frame.mod;
          pc = frame.pc;
          regs[dst] = v;
          break;
        }
        default: {
          frame.pc = pc;
          m.steps = steps;
          const signal = rareInstruction(m, frame, ins);
          if (signal) return signal;
          frame = m.frame;
          code = frame.script.code;
          regs = frame.regs;
          mod = frame.mod;
          pc = frame.pc;
          steps = m.steps;
          checkAt = m.checkAt;
        }
      }
    }
  } catch (error) {
    frame.pc = pc;
    m.steps = steps;
    throw locate(error, frame.script.file, code[pc]?.line ?? 0);
  }
}

/** Runs the limit checks (throws when one is exceeded); returns the next check point. */
function limit(m: Machine, steps: number): number {
  m.steps = steps;
  m.checkLimits();
  return m.checkAt;
}
