import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { createTokenIssuer } from '../../auth/index.js';
import { UnauthorizedError } from '../../infra/errors.js';
import { createVisitorTokens } from './visitor-token.js';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-0123456789');
const tokens = createVisitorTokens(secret);
const visitor = { bot: 'default', visitor_id: '6f1c3a52-4b55-4c4f-9a53-1f2b7c9d0e11' };
const session_id = '0d9b5f7e-52a8-4a0b-8d55-3c1e2f4a6b7c';

async function rejection(promise: Promise<unknown>): Promise<UnauthorizedError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(UnauthorizedError);
  expect((error as UnauthorizedError).code).toBe('unauthorized');
  return error as UnauthorizedError;
}

describe('visitor tokens', () => {
  test('round-trip the bot, the visitor and the session', async () => {
    expect(await tokens.verify(await tokens.issue(visitor))).toEqual(visitor);
    expect(await tokens.verify(await tokens.issue({ ...visitor, session_id }), 'default')).toEqual({ ...visitor, session_id });
  });

  test('the same claims give the same token; a new session gives a new one', async () => {
    const a = await tokens.issue({ ...visitor, session_id });
    expect(await tokens.issue({ ...visitor, session_id })).toBe(a);
    expect(await tokens.issue({ ...visitor, session_id: visitor.visitor_id })).not.toBe(a);
  });

  test('expire after the bot\'s lifetime, and the expiry slides as tokens are issued again', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const day = 86_400_000;
    const timed = createVisitorTokens(secret, { ttlSecondsFor: (bot) => (bot === 'short' ? 2 : 30) * 86_400, now: () => now });
    const first = await timed.issueWithExpiry({ ...visitor, bot: 'short', session_id });
    expect(first.expiresAt.toISOString()).toBe('2026-01-03T00:00:00.000Z');
    const [, payload] = first.token.split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toHaveProperty('exp');
    now += 1.5 * day;
    const renewed = await timed.issueWithExpiry({ ...visitor, bot: 'short', session_id });
    expect(renewed.token).not.toBe(first.token);
    expect(renewed.expiresAt.toISOString()).toBe('2026-01-04T12:00:00.000Z');
    now += 0.6 * day; // past the first token's expiry, within the renewed one's
    const error = await rejection(timed.verify(first.token));
    expect(error.message).toMatch(/expired/);
    expect(await timed.verify(renewed.token, 'short')).toEqual({ ...visitor, bot: 'short', session_id });
    // A token issued by another instance (nothing remembered) is checked against the clock too.
    const other = createVisitorTokens(secret, { now: () => now + 3 * day });
    await rejection(other.verify(renewed.token));
  });

  test('a token without exp is refused', async () => {
    const key = new Uint8Array(createHmac('sha256', secret).update('switchboard/web-visitor-token/v1').digest());
    const forever = await new SignJWT({ bot: 'default' }).setSubject('v').setProtectedHeader({ alg: 'HS256' }).setIssuer('switchboard').setAudience('web-visitor').sign(key);
    await rejection(tokens.verify(forever));
  });

  test('belong to one bot', async () => {
    const error = await rejection(tokens.verify(await tokens.issue(visitor), 'other-bot'));
    expect(error.message).toMatch(/another bot/);
  });

  test('refuse garbage, tampering and other secrets', async () => {
    await rejection(tokens.verify('forged.token.value'));
    await rejection(tokens.verify(''));
    const good = await tokens.issue(visitor);
    const [header, , signature] = good.split('.');
    const otherVisitor = Buffer.from(JSON.stringify({ bot: 'default', sub: 'someone-else', iss: 'switchboard', aud: 'web-visitor' })).toString('base64url');
    await rejection(tokens.verify(`${header}.${otherVisitor}.${signature}`));
    const elsewhere = createVisitorTokens(new TextEncoder().encode('another-secret-another-secret-another'));
    await rejection(tokens.verify(await elsewhere.issue(visitor)));
    await rejection(tokens.verify(new UnsecuredJWT({ bot: 'default' }).setSubject('x').setIssuer('switchboard').setAudience('web-visitor').encode()));
  });

  test('refuse a token signed with the raw service secret (visitor tokens use a derived key)', async () => {
    const raw = await new SignJWT({ bot: 'default' }).setSubject('v').setProtectedHeader({ alg: 'HS256' }).setIssuer('switchboard').setAudience('web-visitor').sign(secret);
    await rejection(tokens.verify(raw));
  });

  test('are not access tokens, and access tokens are not visitor tokens', async () => {
    const issuer = createTokenIssuer(secret, 3600);
    const access = await issuer.issue({ user_id: visitor.visitor_id, username: 'admin', roles: ['admin'] });
    await rejection(tokens.verify(access.access_token));
    await expect(issuer.verify(await tokens.issue(visitor))).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
