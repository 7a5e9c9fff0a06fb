import { defaultBotConfig, type BotConfig } from '../config/index.js';
import {
  attemptsReached, escalateReason, nextFailedAttempts, smartTransferOn, stuckReason,
} from './smart-transfer.js';

const config = (patch: Partial<BotConfig> = {}): BotConfig => ({ ...defaultBotConfig(), ...patch });

describe('smartTransferOn', () => {
  it('is on by default and off without a human side or with the flag off', () => {
    expect(smartTransferOn(config())).toBe(true);
    expect(smartTransferOn(config({ 'attendance-smart-transfer': false }))).toBe(false);
    expect(smartTransferOn(config({ 'attendance-enabled': false }))).toBe(false);
    expect(smartTransferOn(config({ 'crm-enabled': false }))).toBe(false);
  });
});

describe('escalateReason', () => {
  it.each([
    ['I want to speak to your manager', 'manager'],
    ['Get me a SUPERVISOR now', 'supervisor'],
    ['I will take legal action', 'legal action'],
    ['quero falar com o gerente', 'gerente'],
    ['vou registrar uma RECLAMACAO', 'reclamação'],
    ['vou procurar o Procon', 'procon'],
  ])('%s → %s', (text, phrase) => {
    expect(escalateReason(config(), text)).toBe(`smart: escalate intent (${phrase})`);
  });

  it('needs whole words and ignores ordinary text', () => {
    expect(escalateReason(config(), 'the management team was great')).toBeUndefined();
    expect(escalateReason(config(), 'what are your opening hours?')).toBeUndefined();
    expect(escalateReason(config(), 'quero saber do meu pedido')).toBeUndefined();
  });

  it('uses the configured list', () => {
    const custom = config({ 'attendance-escalate-keywords': ['ombudsman'] });
    expect(escalateReason(custom, 'call the ombudsman')).toBe('smart: escalate intent (ombudsman)');
    expect(escalateReason(custom, 'your manager')).toBeUndefined();
  });

  it('says nothing when smart transfer is off or attendance is disabled', () => {
    expect(escalateReason(config({ 'attendance-smart-transfer': false }), 'your manager')).toBeUndefined();
    expect(escalateReason(config({ 'attendance-enabled': false }), 'your manager')).toBeUndefined();
    expect(escalateReason(config({ 'crm-enabled': false }), 'o gerente')).toBeUndefined();
  });
});

describe('nextFailedAttempts', () => {
  it('counts refusals, resets on an accepted answer, keeps the count otherwise', () => {
    expect(nextFailedAttempts(undefined, 'rejected')).toBe(1);
    expect(nextFailedAttempts(2, 'rejected')).toBe(3);
    expect(nextFailedAttempts(5, 'accepted')).toBe(0);
    expect(nextFailedAttempts(2, 'none')).toBe(2);
    expect(nextFailedAttempts(undefined, 'none')).toBe(0);
  });

  it('treats a value that is not a count as 0', () => {
    expect(nextFailedAttempts('3', 'rejected')).toBe(1);
    expect(nextFailedAttempts(-2, 'rejected')).toBe(1);
    expect(nextFailedAttempts(1.5, 'rejected')).toBe(1);
  });
});

describe('stuckReason', () => {
  it('transfers at the configured attempts when the sentiment is below the threshold', () => {
    expect(stuckReason(config(), 3, -0.72)).toBe('smart: failed attempts (3) with negative sentiment (-0.72)');
    expect(stuckReason(config(), 4, -0.9)).toBe('smart: failed attempts (4) with negative sentiment (-0.9)');
  });

  it('not before the attempts reach the limit', () => {
    expect(attemptsReached(config(), 2)).toBe(false);
    expect(stuckReason(config(), 2, -1)).toBeUndefined();
    expect(stuckReason(config({ 'attendance-transfer-failed-attempts': 2 }), 2, -1)).toBe(
      'smart: failed attempts (2) with negative sentiment (-1)',
    );
  });

  it('not when the sentiment is at or above the threshold', () => {
    expect(stuckReason(config(), 3, -0.5)).toBeUndefined();
    expect(stuckReason(config(), 3, 0)).toBeUndefined();
    expect(stuckReason(config({ 'attendance-transfer-sentiment-threshold': 0.2 }), 3, 0)).toBe(
      'smart: failed attempts (3) with negative sentiment (0)',
    );
  });

  it('not when smart transfer is off or attendance is disabled', () => {
    expect(stuckReason(config({ 'attendance-smart-transfer': false }), 3, -1)).toBeUndefined();
    expect(stuckReason(config({ 'attendance-enabled': false }), 3, -1)).toBeUndefined();
    expect(stuckReason(config({ 'crm-enabled': false }), 3, -1)).toBeUndefined();
  });
});
