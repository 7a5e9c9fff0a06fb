import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** An account at the test provider: its login is its `sub`. */
export interface TestOidcAccount {
  email: string;
  email_verified: boolean;
}

/**
 * A real OpenID provider (the `oidc-provider` library) on 127.0.0.1 with its development
 * login and consent pages. The server listens first so its issuer URL can go into config.csv;
 * `register` builds the provider once the relying party's callback URL is known.
 */
export async function startOidcProvider(accounts: Record<string, TestOidcAccount>) {
  let provider: Provider | undefined;
  const server: Server = createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end('not registered yet');
      return;
    }
    void provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' };
  return {
    issuer,
    client: { id: 'switchboard', secret: 'switchboard-client-secret-0123456789' },
    register(redirectUri: string) {
      provider = new Provider(issuer, {
        clients: [{ client_id: 'switchboard', client_secret: 'switchboard-client-secret-0123456789', redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
        cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
        jwks: { keys: [signingKey] },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
        claims: { openid: ['sub'], email: ['email', 'email_verified'] },
        pkce: { required: () => true },
        findAccount: (_ctx, id) => {
          const account = accounts[id];
          return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
        },
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough of a browser: cookies by name (any path), manual redirects. */
export function createBrowser() {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
  };
  const request = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].filter(([, v]) => v !== '').map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string> | undefined), ...(cookie ? { cookie } : {}) } });
    remember(res);
    return res;
  };
  return {
    request,
    /** Follows redirects from `url` until one leads to `stopAt` (returned unvisited) or a page answers. */
    async follow(url: string, stopAt: string): Promise<{ url: string; res?: Response }> {
      let current = url;
      for (let hops = 0; hops < 20; hops++) {
        if (current.startsWith(stopAt)) return { url: current };
        const res = await request(current);
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || !location) return { url: current, res };
        current = new URL(location, current).href;
      }
      throw new Error('too many redirects');
    },
  };
}

/**
 * The whole browser round of a federated sign-in: `start` (our /auth/oidc/login, under any
 * address) → the provider's login and consent forms as `account` → our callback, whose answer
 * is returned.
 */
export async function signInThroughProvider(start: string, callback: string, account: string): Promise<Response> {
  const browser = createBrowser();
  const first = await browser.request(start);
  const location = first.headers.get('location');
  if (first.status !== 302 || !location) throw new Error(`the sign-in did not start: ${first.status} ${await first.text()}`);
  return finishAtProvider(browser, location, callback, account);
}

/** From the provider's authorize URL on: `account` signs in and consents, and the browser is back at `callback` with its answer. */
export async function finishAtProvider(browser: ReturnType<typeof createBrowser>, authorize: string, callback: string, account: string): Promise<Response> {
  let step = await browser.follow(authorize, callback);
  for (let forms = 0; step.res && forms < 4; forms++) {
    const html = await step.res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form in the provider's page: ${html.slice(0, 200)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)![1]!;
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login: account, password: 'any' } : {}) });
    const posted = await browser.request(new URL(action, step.url).href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    step = await browser.follow(new URL(posted.headers.get('location')!, step.url).href, callback);
  }
  return browser.request(step.url);
}
