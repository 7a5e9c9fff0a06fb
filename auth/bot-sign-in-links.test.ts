import { createBotSignInLinks, signInLinkKey } from './bot-sign-in-links.js';
import { createTokenIssuer } from './token-issuer.js';

const secret = new TextEncoder().encode('a-service-secret-of-enough-length-for-hs256');
const request = { session_id: '7d0c5a8e-1111-4c3b-9a7e-000000000001', bot: 'desk', nonce: 'n-1' };
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('bot sign-in links', () => {
  const links = createBotSignInLinks({ key: signInLinkKey(secret), publicUrl: () => 'https://sb.example/' });

  it('are absolute links to the sign-in page whose token gives the request back', async () => {
    const url = await links.url(request);
    expect(url).toMatch(/^https:\/\/sb\.example\/bot-login\/[\w-]+\.[\w-]+\.[\w-]+$/);
    await expect(links.verify(tokenOf(url))).resolves.toEqual(request);
  });

  it('refuse an expired link, one signed with another key, and an access token', async () => {
    const expired = createBotSignInLinks({ key: signInLinkKey(secret), publicUrl: () => 'https://sb.example', ttlSeconds: -1 });
    await expect(links.verify(tokenOf(await expired.url(request)))).rejects.toThrow('This sign-in link has expired: ask the bot for a new one');
    const other = createBotSignInLinks({ key: signInLinkKey(new TextEncoder().encode('another-secret-of-enough-length-for-hs256!')), publicUrl: () => '' });
    await expect(links.verify(tokenOf(await other.url(request)))).rejects.toThrow('This sign-in link is not valid');
    // The service's own access tokens are signed with the secret itself, never the derived key.
    const { access_token } = await createTokenIssuer(secret, 60).issue({ user_id: 'u1', username: 'admin', roles: ['admin'] });
    await expect(links.verify(access_token)).rejects.toThrow('This sign-in link is not valid');
    await expect(links.verify('garbage')).rejects.toThrow('This sign-in link is not valid');
  });
});
