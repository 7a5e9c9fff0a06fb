import type { SkillRule } from '../../config/index.js';
import { conversationSkills, requirementNow } from './conversation-skills.js';

const rules: SkillRule[] = [
  { source: 'channel', value: 'rtc_sip', skill: 'phone', min_level: 2 },
  { source: 'language', value: 'es', skill: 'spanish', min_level: 3 },
  { source: 'language', value: 'pt-br', skill: 'portuguese', min_level: 2 },
  { source: 'tier', value: 'gold', skill: 'vip', min_level: 1 },
  { source: 'topic', value: 'billing', skill: 'billing', min_level: 2 },
  { source: 'topic', value: 'billing', skill: 'finance', min_level: 1 },
];
const skills = (over: Partial<Parameters<typeof conversationSkills>[0]> = {}) =>
  conversationSkills({ context: {}, channel: 'web', topic: null, rules, ...over });

describe('where a conversation\'s requirement comes from', () => {
  test('none of the sources applies: nothing is required', () => {
    expect(skills()).toEqual([]);
  });

  test('TRANSFER TO HUMAN {skills} (transfer_skills), unparsable text ignored', () => {
    expect(skills({ context: { transfer_skills: 'billing:4, legal' } })).toEqual([{ name: 'billing', min_level: 4 }, { name: 'legal', min_level: 1 }]);
    expect(skills({ context: { transfer_skills: 'billing:9' } })).toEqual([]);
  });

  test('the channel', () => {
    expect(skills({ channel: 'rtc_sip' })).toEqual([{ name: 'phone', min_level: 2 }]);
  });

  test('the customer\'s language: the script\'s customer_language, else the bot\'s; a primary tag covers its regions', () => {
    expect(skills({ context: { customer_language: 'es-MX' } })).toEqual([{ name: 'spanish', min_level: 3 }]);
    expect(skills({ botLanguage: 'es' })).toEqual([{ name: 'spanish', min_level: 3 }]);
    expect(skills({ context: { customer_language: 'en' }, botLanguage: 'es' })).toEqual([]);
    expect(skills({ context: { customer_language: 'pt-BR' } })).toEqual([{ name: 'portuguese', min_level: 2 }]);
    expect(skills({ context: { customer_language: 'pt-PT' } })).toEqual([]);
  });

  test('the tier: the script\'s customer_tier, else the CRM contact\'s', () => {
    expect(skills({ context: { customer_tier: 'Gold' } })).toEqual([{ name: 'vip', min_level: 1 }]);
    expect(skills({ contactTier: 'gold' })).toEqual([{ name: 'vip', min_level: 1 }]);
    expect(skills({ context: { customer_tier: 'standard' }, contactTier: 'gold' })).toEqual([]);
  });

  test('the topic the bot routed it to; every source adds up, at the highest minimum', () => {
    expect(skills({ topic: 'Billing', channel: 'rtc_sip', context: { transfer_skills: 'billing:3' } })).toEqual([
      { name: 'billing', min_level: 3 }, { name: 'finance', min_level: 1 }, { name: 'phone', min_level: 2 },
    ]);
  });
});

describe('the requirement at assignment', () => {
  const since = new Date('2026-01-01T10:00:00Z');
  const item = { required_skills: [{ name: 'spanish', min_level: 3 }], waiting_since: since, updated_at: since };
  const at = (seconds: number) => new Date(since.getTime() + seconds * 1000);

  test('the conversation\'s and its queue\'s, merged, then widened by the wait', () => {
    const queue = [{ name: 'billing', min_level: 2 }, { name: 'spanish', min_level: 4 }];
    expect(requirementNow(item, queue, at(10), 60)).toEqual([{ name: 'billing', min_level: 2 }, { name: 'spanish', min_level: 4 }]);
    expect(requirementNow(item, queue, at(60), 60)).toEqual([{ name: 'billing', min_level: 1 }, { name: 'spanish', min_level: 1 }]);
    expect(requirementNow(item, queue, at(120), 60)).toEqual([]);
    expect(requirementNow(item, null, at(9999), 0)).toEqual([{ name: 'spanish', min_level: 3 }]);
  });
});
