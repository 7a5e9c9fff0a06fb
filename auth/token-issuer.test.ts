import { SignJWT } from 'jose';
import { UnauthorizedError } from '../infra/errors.js';
import { createTokenIssuer } from './token-issuer.js';

const secret = new TextEncoder().encode('s'.repeat(48));
const principal = { user_id: '7d1f3c1e-4a0b-4c39-9c55-0d5f2b1a7e10', username: 'ana', roles: ['attendant' as const] };

describe('token issuer', () => {
  test('a token it issued verifies back to the same principal', async () => {
    const issuer = createTokenIssuer(secret, 60);
    const token = await issuer.issue(principal);
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 60 });
    await expect(issuer.verify(token.access_token)).resolves.toEqual(principal);
  });

  test('an expired token is refused as expired', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ username: 'ana', roles: ['attendant'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(principal.user_id)
      .setIssuer('switchboard')
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(secret);
    const attempt = createTokenIssuer(secret, 60).verify(expired);
    await expect(attempt).rejects.toThrow(UnauthorizedError);
    await expect(attempt).rejects.toThrow('expired');
  });

  test('tokens of another issuer, algorithm or with unknown roles are refused', async () => {
    const issuer = createTokenIssuer(secret, 60);
    const base = () => new SignJWT({ username: 'ana', roles: ['attendant'] }).setProtectedHeader({ alg: 'HS256' }).setSubject(principal.user_id).setExpirationTime('1m');
    const otherIssuer = await base().setIssuer('someone-else').sign(secret);
    const badRole = await new SignJWT({ username: 'ana', roles: ['king'] }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setIssuer('switchboard').setExpirationTime('1m').sign(secret);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u"}').toString('base64url')}.`;
    for (const token of [otherIssuer, badRole, unsigned]) {
      await expect(issuer.verify(token)).rejects.toThrow(UnauthorizedError);
    }
  });

  test('a token without exp is refused', async () => {
    const forever = await new SignJWT({ username: 'ana', roles: ['attendant'] })
      .setProtectedHeader({ alg: 'HS256' }).setSubject(principal.user_id).setIssuer('switchboard').setIssuedAt().sign(secret);
    await expect(createTokenIssuer(secret, 60).verify(forever)).rejects.toThrow(UnauthorizedError);
  });
});
