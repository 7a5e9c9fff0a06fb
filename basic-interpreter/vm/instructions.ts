/**
 * The instruction set of the BASIC VM: a register machine over a flat array of fixed-shape
 * instructions. Every instruction has the same five numeric fields, so the dispatch loop in
 * exec.ts reads one monomorphic object shape. Registers are per frame: a unit's named
 * variables first, then its scalar constants (preloaded when the frame is made, so a literal
 * operand costs nothing), then temporaries. Operand meanings per opcode are in {@link OPERANDS}.
 *
 * Jump targets are always in `d`. `line` is the source line, used for runtime errors.
 */

/** Opcodes, numbered densely so the VM's `switch` compiles to a jump table. */
export const Op = {
  // data
  Move: 0, MoveCopy: 1, LoadConst: 2, LoadModule: 3, StoreModule: 4, Now: 5, Today: 6, Nop: 7,
  // binary operators: a = b op c
  Add: 8, Sub: 9, Mul: 10, Div: 11, IntDiv: 12, Mod: 13, Pow: 14, Concat: 15,
  Eq: 16, Ne: 17, Lt: 18, Le: 19, Gt: 20, Ge: 21,
  // unary: a = op b
  Neg: 22, Plus: 23, Not: 24, Truthy: 25,
  // builders
  MakeArray: 26, MakeObject: 27, Throw: 28,
  // member access
  Member: 29, Index: 30, SetMember: 31, SetIndex: 32,
  // jumps (target in d)
  Jump: 33, Loop: 34, JumpIfFalse: 35, JumpIfTrue: 36,
  JumpUnlessEq: 37, JumpUnlessNe: 38, JumpUnlessLt: 39, JumpUnlessLe: 40, JumpUnlessGt: 41, JumpUnlessGe: 42,
  JumpIfEq: 43,
  // loops
  ForPrep: 44, ForNext: 45, ForPrep1: 46, ForNext1: 47, EachPrep: 48, EachNext: 49,
  // calls and returns
  CallProc: 50, CallBuiltin: 51, CallScript: 52, Return: 53, ReturnNull: 54,
  // dialog and effects
  Talk: 55, Hear: 56, Wait: 57, Effect: 58, Save: 59,
  SetHeader: 60, ClearHeaders: 61, AddSuggestion: 62, ClearSuggestions: 63,
  // General Bots keyword phrases (vm/phrases.ts)
  Phrase: 64,
} as const;

/** One of the {@link Op} values. */
export type OpCode = (typeof Op)[keyof typeof Op];

/**
 * One instruction. Unused operands are 0. Created only through {@link instr}, so every
 * instruction object has the same hidden class.
 */
export interface Instr {
  readonly op: OpCode;
  a: number;
  b: number;
  c: number;
  d: number;
  readonly line: number;
}

/** Makes an instruction (the only way, so all share one shape). */
export function instr(op: OpCode, a: number, b: number, c: number, d: number, line: number): Instr {
  return { op, a, b, c, d, line };
}

/**
 * What each operand means, for the disassembler and for readers: r = register, m = module slot
 * (a register of the script's top-level frame), x = index into the script's aux table,
 * t = jump target, n = count, f = flag, - = unused.
 */
export const OPERANDS: Record<keyof typeof Op, string> = {
  // LoadModule dst, slot, copy(f)
  Move: 'r r', MoveCopy: 'r r', LoadConst: 'r x', LoadModule: 'r m f', StoreModule: 'm r', Now: 'r', Today: 'r', Nop: '',
  Add: 'r r r', Sub: 'r r r', Mul: 'r r r', Div: 'r r r', IntDiv: 'r r r', Mod: 'r r r', Pow: 'r r r', Concat: 'r r r',
  Eq: 'r r r', Ne: 'r r r', Lt: 'r r r', Le: 'r r r', Gt: 'r r r', Ge: 'r r r',
  Neg: 'r r', Plus: 'r r', Not: 'r r', Truthy: 'r r',
  // MakeArray dst, base, n; MakeObject dst, base, n, keys(x); Throw: a compile-time problem, message(x)
  MakeArray: 'r r n', MakeObject: 'r r n x', Throw: '- - - x',
  // Member dst, object, name(x), copy(f); Index dst, object, index, copy(f); SetMember object, name(x), value; SetIndex object, index, value
  Member: 'r r x f', Index: 'r r r f', SetMember: 'r x r', SetIndex: 'r r r',
  Jump: '- - - t', Loop: '- - - t', JumpIfFalse: 'r - - t', JumpIfTrue: 'r - - t',
  JumpUnlessEq: 'r r - t', JumpUnlessNe: 'r r - t', JumpUnlessLt: 'r r - t', JumpUnlessLe: 'r r - t',
  JumpUnlessGt: 'r r - t', JumpUnlessGe: 'r r - t', JumpIfEq: 'r r - t',
  // ForPrep var, to, step, exit; ForNext var, to, step, body; *1 variants have step +1
  ForPrep: 'r r r t', ForNext: 'r r r t', ForPrep1: 'r r - t', ForNext1: 'r r - t',
  // EachPrep list, index; EachNext var, list, index, exit
  EachPrep: 'r r', EachNext: 'r r r t',
  // Call* dst, base, argc, proc | aux(builtin) | aux(script name); the caller's live temps end at base
  CallProc: 'r r n x', CallBuiltin: 'r r n x', CallScript: 'r r n x', Return: 'r f', ReturnNull: '',
  // Hear dst, options(r or -1), spec(x), liveTop; Wait seconds, -, -, liveTop; Effect dst, base, argc, spec(x); Save -, base, argc, columns(x)
  Talk: 'r', Hear: 'r r x n', Wait: 'r - - n', Effect: 'r r n x', Save: '- r n x',
  SetHeader: 'r r', ClearHeaders: '', AddSuggestion: 'r r', ClearSuggestions: '',
  // Phrase dst, base, argc, spec(x)
  Phrase: 'r r n x',
};

const NAMES: string[] = [];
for (const [name, code] of Object.entries(Op)) NAMES[code] = name;

/** The opcode's name, e.g. "Add". */
export function opName(op: OpCode): string {
  return NAMES[op] ?? `op${op}`;
}

/** A readable listing, one instruction a line: `12  Add r3 r1 r2   ; line 4`. For tests and --trace. */
export function disassemble(code: readonly Instr[]): string {
  return code
    .map((ins, pc) => {
      const name = opName(ins.op);
      const kinds = (OPERANDS[name as keyof typeof Op] ?? '').split(' ').filter(Boolean);
      const values = [ins.a, ins.b, ins.c, ins.d];
      const operands = kinds.map((kind, i) => (kind === '-' ? '' : `${kind === 'n' || kind === 'f' ? '' : kind}${values[i]}`)).filter(Boolean);
      return `${String(pc).padStart(4)}  ${[name, ...operands].join(' ')}   ; line ${ins.line}`;
    })
    .join('\n');
}
