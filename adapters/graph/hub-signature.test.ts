import { providerBytes } from '../../test/support/graph-webhooks.js';
import { signHubPayload, verifyHubSignature } from './hub-signature.js';

const secret = 'app-secret-1';

describe('X-Hub-Signature-256', () => {
  const body = { object: 'page', entry: [{ messaging: [{ sender: { id: '1' }, message: { mid: 'm_1', text: 'Olá, ação 👍' } }] }] };
  const raw = providerBytes(body);

  test('the provider escapes non-ASCII, and the signature is checked over those bytes', () => {
    expect(raw.toString('utf8')).toContain('Ol\\u00e1, a\\u00e7\\u00e3o \\ud83d\\udc4d');
    expect(verifyHubSignature(raw, signHubPayload(raw, secret), secret)).toBe(true);
  });

  test('a signature over re-serialised JSON does not match the bytes received', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString('utf8'))));
    expect(reserialised.equals(raw)).toBe(false);
    expect(verifyHubSignature(raw, signHubPayload(reserialised, secret), secret)).toBe(false);
  });

  test('missing, malformed, forged or wrong-secret signatures are refused', () => {
    const good = signHubPayload(raw, secret);
    expect(verifyHubSignature(raw, undefined, secret)).toBe(false);
    expect(verifyHubSignature(raw, '', secret)).toBe(false);
    expect(verifyHubSignature(raw, good.replace('sha256=', 'sha1='), secret)).toBe(false);
    expect(verifyHubSignature(raw, `sha256=${'0'.repeat(64)}`, secret)).toBe(false);
    expect(verifyHubSignature(raw, good.slice(0, -2), secret)).toBe(false);
    expect(verifyHubSignature(raw, signHubPayload(raw, 'another-secret'), secret)).toBe(false);
    expect(verifyHubSignature(Buffer.concat([raw, Buffer.from(' ')]), good, secret)).toBe(false);
  });

  test('upper-case hex and a repeated header (first value) pass', () => {
    const good = signHubPayload(raw, secret);
    expect(verifyHubSignature(raw, `sha256=${good.slice(7).toUpperCase()}`, secret)).toBe(true);
    expect(verifyHubSignature(raw, [good, 'sha256=bad'], secret)).toBe(true);
  });
});
