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

  test('do not expire', async () => {
    const token = await tokens.issue(visitor);
    const [, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).not.toHaveProperty('exp');
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
