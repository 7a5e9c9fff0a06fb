import { interpreterSource } from '../../test/support/basic-files.js';
import { Op, OPERANDS } from './instructions.js';

describe('instructions', () => {
  test('every opcode has its operand description', () => {
    expect(Object.keys(OPERANDS).sort()).toEqual(Object.keys(Op).sort());
  });

  test('the literal case numbers of the instruction loop match the opcodes', () => {
    const source = interpreterSource('vm/exec.ts');
    const cases = [...source.matchAll(/case (\d+): \/\* (\w+) \*\//g)];
    expect(cases.length).toBeGreaterThan(40);
    for (const [, code, name] of cases) expect([name, Number(code)]).toEqual([name, Op[name as keyof typeof Op]]);
  });
});
