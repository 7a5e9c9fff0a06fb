import { splitSms } from './split-sms.js';
import { isGsm7, smsPartSize, SMS_UCS2_MAX_CHARS } from './sms-encoding.js';

describe('SMS encoding: the part size of the SMS rule', () => {
  test('GSM-7 text (default table and extension) is split at 160, anything else at 70', () => {
    expect(isGsm7('Hello @ £5, ¿qué? Ñ ü [x] {y} € ^~|\\')).toBe(true);
    expect(smsPartSize('Plain text.')).toBe(160);
    for (const text of ['Здравствуйте', 'emoji 😀', 'ção', '中文']) {
      expect(isGsm7(text)).toBe(false);
      expect(smsPartSize(text)).toBe(SMS_UCS2_MAX_CHARS);
    }
  });

  test('UCS-2 text split by the same rule: numbered parts of at most 70, nothing lost', () => {
    const text = 'Привет, мир! '.repeat(12).trim();
    const parts = splitSms(text, smsPartSize(text));
    expect(parts.length).toBeGreaterThan(2);
    parts.forEach((part, i) => {
      expect(Array.from(part).length).toBeLessThanOrEqual(70);
      expect(part.startsWith(`(${i + 1}/${parts.length}) `)).toBe(true);
    });
    expect(parts.map((p) => p.replace(/^\(\d+\/\d+\) /, '')).join(' ')).toBe(text);
  });
});
