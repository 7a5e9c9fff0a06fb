import twilio from 'twilio';
import type { ChannelRequest } from '../../engine/index.js';
import { createLogger } from '../../infra/logger.js';
import { createSmsAdapter, SIGNATURE_HEADER } from './sms-adapter.js';

// Every published signature vector of the twilio library's own validation tests (twilio-node,
// spec/validation.spec.js and spec/unit/webhooks/webhooks.spec.js), run through our verification
// path: the sms adapter's `verify`, given PUBLIC_URL, the request's path and its raw body, as the
// webhook door hands them over (docs/channels/sms.md, "Signatures").

const TOKEN = '12345';
const URL_ = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
const BODY = '{"property": "value", "boolean": true}';
const BODY_SHA = '0a1ff7634d9ab3b95db5c9a2dfe9416e41502b283a80c7cf19632632f96e6620';
const EMPTY_BODY_SHA = '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a';

type Params = Record<string, string | string[]>;
interface Vector {
  name: string;
  url: string;
  signature: string | undefined;
  /** Form fields (form-encoded, repeated names for arrays) or a raw JSON body. */
  body: Params | string;
  valid: boolean;
  token?: string;
}

const VECTORS: Vector[] = [
  { name: 'the correct signature', url: URL_, signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', body: PARAMS, valid: true },
  { name: 'a wrong signature', url: URL_, signature: 'WRONG_SIGNATURE', body: PARAMS, valid: false },
  { name: 'a JSON body with its bodySHA256', url: `${URL_}&bodySHA256=${BODY_SHA}`, signature: 'a9nBmqA0ju/hNViExpshrM61xv4=', body: BODY, valid: true },
  { name: 'an empty JSON body with its bodySHA256', url: `${URL_}&bodySHA256=${EMPTY_BODY_SHA}`, signature: 'Ldidvp12m26NI7eqEvxnEpkd9Hc=', body: '{}', valid: true },
  { name: 'bodySHA256 as the only query parameter', url: `https://mycompany.com/myapp.php?bodySHA256=${BODY_SHA}`, signature: 'y77kIzt2vzLz71DgmJGsen2scGs=', body: BODY, valid: true },
  { name: 'a JSON body without a bodySHA256 parameter', url: URL_, signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', body: BODY, valid: false },
  { name: 'a body hash that does not match', url: `${URL_}&bodySHA256=${BODY_SHA.slice(0, -1)}`, signature: 'a9nBmqA0ju/hNViExpshrM61xv4=', body: BODY, valid: false },
  { name: 'no signature', url: URL_, signature: undefined, body: PARAMS, valid: false },
  { name: 'an https URL with a port, stripped', url: 'https://mycompany.com:1234/myapp.php?foo=1&bar=2', signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', body: PARAMS, valid: true },
  { name: 'an http URL with a port', url: 'http://mycompany.com:1234/myapp.php?foo=1&bar=2', signature: 'Zmvh+3yNM1Phv2jhDCwEM3q5ebU=', body: PARAMS, valid: true },
  { name: 'an https URL signed with port 443 added', url: URL_, signature: 'kvajT1Ptam85bY51eRf/AJRuM3w=', body: PARAMS, valid: true },
  { name: 'an http URL signed with port 80 added', url: 'http://mycompany.com/myapp.php?foo=1&bar=2', signature: '0ZXoZLH/DfblKGATFgpif+LLRf4=', body: PARAMS, valid: true },
  { name: 'a URL with credentials', url: 'https://user:pass@mycompany.com/myapp.php?foo=1&bar=2', signature: 'CukzLTc1tT5dXEDIHm/tKBanW10=', body: PARAMS, valid: true },
  { name: 'a URL with just a username', url: 'https://user@mycompany.com/myapp.php?foo=1&bar=2', signature: '2YRLlVAflCqxaNicjMpJcSTgzSs=', body: PARAMS, valid: true },
  { name: 'a URL with credentials signed with the port added', url: 'https://user:pass@mycompany.com/myapp.php?foo=1&bar=2', signature: 'ZQFR1PTIZXF2MXB8ZnKCvnnA+rI=', body: PARAMS, valid: true },
  { name: 'a URL with special characters', url: `${URL_}&Body=It's+amazing`, signature: 'dsq4Ehbj6cs+KdTkpF5sSSplOWw=', body: PARAMS, valid: true },
  { name: 'an array parameter', url: URL_, signature: '83O6e2vORAoJHUNzJjDWN1jz+BA=', body: { 'MessagingBinding.Address': ['+1325xxxxxxx', '+1415xxxxxxx'] }, valid: true },
  { name: 'an array parameter in another order', url: URL_, signature: '83O6e2vORAoJHUNzJjDWN1jz+BA=', body: { 'MessagingBinding.Address': ['+1415xxxxxxx', '+1325xxxxxxx'] }, valid: true },
  { name: 'several parameters with repeated values', url: URL_, signature: 'IK+Dwps556ElfBT0I3Rgjkr1wJU=', body: { Sid: 'CA123', SidAccount: 'AC123', Digits: ['5678', '1234', '1234'] }, valid: true },
  // The same URL behind a proxy that adds a parameter: refused.
  { name: 'a URL with an unexpected parameter', url: `${URL_}&somethingUnexpected=true`, signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', body: PARAMS, valid: false },
];

/** spec/unit/webhooks: signatures computed by the library over one URL, checked at another. */
const URL_PAIRS: { name: string; signedUrl: string; targetUrl: string; valid: boolean }[] = [
  { name: 'another query value', signedUrl: 'https://example.com/path?test=param', targetUrl: 'https://example.com/path?test=param2', valid: false },
  { name: 'port in both', signedUrl: 'https://example.com:443/path?test=param', targetUrl: 'https://example.com:443/path?test=param', valid: true },
  { name: 'port signed, not received', signedUrl: 'https://example.com:443/path?test=param', targetUrl: 'https://example.com/path?test=param', valid: true },
  { name: 'no port in either', signedUrl: 'https://example.com/path?test=param', targetUrl: 'https://example.com/path?test=param', valid: true },
  { name: 'port received, not signed', signedUrl: 'https://example.com/path?test=param', targetUrl: 'https://example.com:443/path?test=param', valid: true },
  { name: 'unescaped quote in both', signedUrl: "https://example.com/path?test=param'WithQuote", targetUrl: "https://example.com/path?test=param'WithQuote", valid: true },
  { name: 'unescaped quote signed, escaped received', signedUrl: "https://example.com/path?test=param'WithQuote", targetUrl: 'https://example.com/path?test=param%27WithQuote', valid: true },
  { name: 'escaped quote signed, unescaped received', signedUrl: 'https://example.com/path?test=param%27WithQuote', targetUrl: "https://example.com/path?test=param'WithQuote", valid: true },
  { name: 'escaped quote in both', signedUrl: 'https://example.com/path?test=param%27WithQuote', targetUrl: 'https://example.com/path?test=param%27WithQuote', valid: true },
];

/** Our verification path for a request Twilio sent to `url`: PUBLIC_URL is its origin (credentials and port as written), the rest is the path. */
async function verifies(url: string, signature: string | undefined, body: Params | string, token = TOKEN): Promise<boolean> {
  const at = url.indexOf('/', url.indexOf('//') + 2);
  const adapter = createSmsAdapter({
    settingsOf: () => ({ accountSid: 'ACtest', authToken: token, from: '+15550001111', apiRoot: 'http://127.0.0.1:9', helpText: 'help', allowPrivateNetworks: false }),
    publicUrl: url.slice(0, at),
    optOuts: { optOut: async () => undefined, optIn: async () => undefined, isOptedOut: async () => false },
    botOfSession: async () => 'shop',
    deliveryStatus: async () => true,
    logger: createLogger({ pretty: false, level: 'silent' }),
  });
  const form = new URLSearchParams();
  if (typeof body !== 'string') for (const [name, value] of Object.entries(body)) for (const v of [value].flat()) form.append(name, v);
  const raw = Buffer.from(typeof body === 'string' ? body : form.toString());
  const request: ChannelRequest = {
    headers: { host: 'internal:8080', 'content-type': typeof body === 'string' ? 'application/json' : 'application/x-www-form-urlencoded', ...(signature === undefined ? {} : { [SIGNATURE_HEADER]: signature }) },
    query: {}, rawBody: raw, body: typeof body === 'string' ? JSON.parse(body) : Object.fromEntries(form), bot: 'shop', originalUrl: url.slice(at),
  };
  return adapter.verify(request);
}

describe('the twilio library\'s signature vectors through the sms adapter', () => {
  test.each(VECTORS)('$name → $valid', async ({ url, signature, body, valid, token }) => {
    expect(await verifies(url, signature, body, token)).toBe(valid);
  });

  test.each(URL_PAIRS)('$name → $valid', async ({ signedUrl, targetUrl, valid }) => {
    const signature = twilio.getExpectedTwilioSignature('s3cr3t', signedUrl, {});
    expect(await verifies(targetUrl, signature, {}, 's3cr3t')).toBe(valid);
  });
});
