import { mergeRequirements, parseRequirements, skillScore, widen, wideningStep } from './skills.js';

describe('skills: who qualifies and how well', () => {
  test('an attendant qualifies with every required skill at its minimum; the score is the sum of their levels', () => {
    const skills = [{ name: 'Billing', level: 4 }, { name: 'spanish', level: 2 }];
    expect(skillScore(skills, [{ name: 'billing', min_level: 3 }])).toBe(4);
    expect(skillScore(skills, [{ name: 'billing', min_level: 3 }, { name: ' SPANISH ', min_level: 2 }])).toBe(6);
    expect(skillScore(skills, [{ name: 'billing', min_level: 5 }])).toBeUndefined();
    expect(skillScore(skills, [{ name: 'french', min_level: 1 }])).toBeUndefined();
    expect(skillScore(undefined, [{ name: 'french', min_level: 1 }])).toBeUndefined();
  });

  test('nothing required: everyone qualifies, equally', () => {
    expect(skillScore([], [])).toBe(0);
    expect(skillScore(undefined, [])).toBe(0);
  });

  test('requirements merge to each skill once at its highest minimum, sorted by name', () => {
    expect(mergeRequirements([{ name: 'Spanish', min_level: 2 }], null, [{ name: 'spanish', min_level: 4 }, { name: 'billing', min_level: 1 }]))
      .toEqual([{ name: 'billing', min_level: 1 }, { name: 'spanish', min_level: 4 }]);
    expect(mergeRequirements([{ name: 'x', min_level: 9 }, { name: '  ', min_level: 2 }])).toEqual([{ name: 'x', min_level: 5 }]);
  });

  test('a written list: name[:level], level 1 when left out; anything else is refused whole', () => {
    expect(parseRequirements('billing:3, Spanish')).toEqual([{ name: 'billing', min_level: 3 }, { name: 'spanish', min_level: 1 }]);
    expect(parseRequirements(' ')).toEqual([]);
    expect(parseRequirements('billing:6')).toBeUndefined();
    expect(parseRequirements('billing:0')).toBeUndefined();
    expect(parseRequirements('billing=3')).toBeUndefined();
  });
});

describe('widening', () => {
  const required = [{ name: 'billing', min_level: 4 }, { name: 'spanish', min_level: 2 }];

  test('before one period as asked; after one any level; after two nothing', () => {
    expect(wideningStep(0, 120)).toBe(0);
    expect(wideningStep(119_999, 120)).toBe(0);
    expect(wideningStep(120_000, 120)).toBe(1);
    expect(wideningStep(239_999, 120)).toBe(1);
    expect(wideningStep(240_000, 120)).toBe(2);
    expect(widen(required, 0)).toEqual(required);
    expect(widen(required, 1)).toEqual([{ name: 'billing', min_level: 1 }, { name: 'spanish', min_level: 1 }]);
    expect(widen(required, 2)).toEqual([]);
  });

  test('0 seconds never widens', () => {
    expect(wideningStep(365 * 24 * 3600 * 1000, 0)).toBe(0);
  });
});
