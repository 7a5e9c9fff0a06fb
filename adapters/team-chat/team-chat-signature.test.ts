import { signTeamChatRequest, verifyTeamChatSignature } from './team-chat-signature.js';

// The provider's published example: secret 8f742231b10e8888abcd99yyyzzz85a5, timestamp 1531420618.
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const BODY = Buffer.from('token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c');
const AT = new Date(1531420618 * 1000);

describe('team_chat request signatures', () => {
  test('the published example signs to the published signature', () => {
    expect(signTeamChatRequest(SECRET, '1531420618', BODY)).toBe('v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503');
  });

  test('verifies the right signature within five minutes; refuses a forged, missing or stale one', () => {
    const signature = signTeamChatRequest(SECRET, '1531420618', BODY);
    const check = (over: Partial<Parameters<typeof verifyTeamChatSignature>[0]>) =>
      verifyTeamChatSignature({ signingSecret: SECRET, timestamp: '1531420618', signature, rawBody: BODY, now: AT, ...over });
    expect(check({})).toBe(true);
    expect(check({ now: new Date(AT.getTime() + 299_000) })).toBe(true);
    expect(check({ now: new Date(AT.getTime() + 301_000) })).toBe(false);
    expect(check({ now: new Date(AT.getTime() - 301_000) })).toBe(false);
    expect(check({ signingSecret: 'another-secret' })).toBe(false);
    expect(check({ rawBody: Buffer.concat([BODY, Buffer.from('&x=1')]) })).toBe(false);
    expect(check({ signature: undefined })).toBe(false);
    expect(check({ timestamp: undefined })).toBe(false);
    expect(check({ signature: 'v0=short' })).toBe(false);
    expect(check({ timestamp: 'not-a-number' })).toBe(false);
  });
});
