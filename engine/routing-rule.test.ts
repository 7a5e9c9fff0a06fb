import { defaultBotConfig, type BotConfig } from '../config/index.js';
import { decideRoute, findTransferKeyword, needsHumanOf } from './routing-rule.js';

const config = (overrides: Partial<BotConfig> = {}): BotConfig => ({ ...defaultBotConfig(), ...overrides });
const session = (needs_human = false, context_data: Record<string, unknown> = {}) => ({ needs_human, context_data });

describe('routing rule', () => {
  test('needs_human is read from the column or context_data, false when absent', () => {
    expect(needsHumanOf(session())).toBe(false);
    expect(needsHumanOf(session(true))).toBe(true);
    expect(needsHumanOf(session(false, { needs_human: true }))).toBe(true);
    expect(needsHumanOf(session(false, { needs_human: 'TRUE' }))).toBe(true);
    expect(needsHumanOf(session(false, { needs_human: false }))).toBe(false);
  });

  test('false → bot, true → attendance', () => {
    expect(decideRoute(config(), session(), 'hi')).toEqual({ kind: 'bot' });
    expect(decideRoute(config(), session(true), 'hi')).toEqual({ kind: 'attendance', cause: 'needs_human' });
  });

  test('bypass mode sends everything to attendance', () => {
    expect(decideRoute(config({ 'attendance-bypass-mode': true }), session(), 'hi')).toEqual({ kind: 'attendance', cause: 'bypass' });
  });

  test('auto-transfer on a keyword, only when enabled', () => {
    const keywords = ['atendente', 'human agent'];
    expect(decideRoute(config({ 'attendance-transfer-keywords': keywords }), session(), 'atendente')).toEqual({ kind: 'bot' });
    const on = config({ 'attendance-auto-transfer': true, 'attendance-transfer-keywords': keywords });
    expect(decideRoute(on, session(), 'Quero um ATENDÊNTE!')).toEqual({ kind: 'transfer', keyword: 'atendente' });
    expect(decideRoute(on, session(), 'no thanks')).toEqual({ kind: 'bot' });
  });

  test('a choice of the menu the bot waits on is the bot\'s, even when it holds a keyword; other text still transfers', () => {
    const on = config({ 'attendance-auto-transfer': true, 'attendance-transfer-keywords': ['person', 'atendente'] });
    const menu = [{ key: 'Hours', label: 'Opening hours' }, { key: 'person', label: 'Talk to a person' }, { key: '3', label: 'Falar com atendente' }];
    expect(decideRoute(on, session(), 'Talk to a person', menu)).toEqual({ kind: 'bot' });
    expect(decideRoute(on, session(), '  talk to a PERSON ', menu)).toEqual({ kind: 'bot' });
    expect(decideRoute(on, session(), 'person', menu)).toEqual({ kind: 'bot' });
    expect(decideRoute(on, session(), 'falar com atendênte', menu)).toEqual({ kind: 'bot' });
    expect(decideRoute(on, session(), 'I want a person now', menu)).toEqual({ kind: 'transfer', keyword: 'person' });
    expect(decideRoute(on, session(), 'Talk to a person', [])).toEqual({ kind: 'transfer', keyword: 'person' });
  });

  test('attendance or CRM disabled keeps everything with the bot', () => {
    const flags = { 'attendance-bypass-mode': true, 'attendance-auto-transfer': true, 'attendance-transfer-keywords': ['human'] };
    expect(decideRoute(config({ ...flags, 'attendance-enabled': false }), session(true), 'human')).toEqual({ kind: 'bot' });
    expect(decideRoute(config({ ...flags, 'crm-enabled': false }), session(true), 'human')).toEqual({ kind: 'bot' });
  });

  test('keywords match whole words and phrases, ignoring case and accents', () => {
    expect(findTransferKeyword('I want a HUMAN now', ['human'])).toBe('human');
    expect(findTransferKeyword('humanity', ['human'])).toBeUndefined();
    expect(findTransferKeyword('inhuman', ['human'])).toBeUndefined();
    expect(findTransferKeyword('falar com   Humano, por favor', ['falar com humano'])).toBe('falar com humano');
    expect(findTransferKeyword('ação', ['acao'])).toBe('acao');
    expect(findTransferKeyword('a.b', ['a.b'])).toBe('a.b');
    expect(findTransferKeyword('axb', ['a.b'])).toBeUndefined();
    expect(findTransferKeyword('anything', ['', '  '])).toBeUndefined();
  });
});
