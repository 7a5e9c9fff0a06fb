import { headerValue, headerValues, parseSipMessage, serializeSipMessage, SipParseError, type SipRequest } from './sip-message.js';
import { parseAddress, parseCSeq, parseVia } from './sip-headers.js';
import { parseSipUri } from './sip-uri.js';
import { loadTortureMessage } from './rfc4475/load-torture-message.js';

const parse = (name: string) => parseSipMessage(loadTortureMessage(name), { transport: 'udp' });
const request = (name: string) => parse(name) as SipRequest;

describe('RFC 4475 valid messages (§3.1.1)', () => {
  test('wsinv: white space, folding, compact forms and lists everywhere', () => {
    const m = request('wsinv');
    expect(m.method).toBe('INVITE');
    expect(parseAddress(headerValue(m, 'to') ?? '').params.tag).toBe('1918181833n');
    const from = parseAddress(headerValue(m, 'From') ?? '');
    expect(from.displayName).toBe('J Rosenberg \\"');
    expect(from.params.tag).toBe('98asjd8');
    expect(headerValue(m, 'max-forwards')).toBe('0068');
    expect(parseCSeq(headerValue(m, 'cseq') ?? '')).toEqual({ seq: 9, method: 'INVITE' });
    const vias = headerValues(m, 'v').map(parseVia);
    expect(vias.map((v) => [v.transport, v.host, v.params.branch])).toEqual([
      ['UDP', '192.0.2.2', '390skdjuw'], ['TCP', 'spindle.example.com', 'z9hG4bK9ikj8'], ['UDP', '192.168.255.111', 'z9hG4bK30239']]);
    expect(headerValue(m, 'Subject')).toBe('');
    expect(headerValue(m, 'NewFangledHeader')).toBe('newfangled value continued newfangled value');
    expect(headerValue(m, 'UnknownHeaderWithUnusualValue')).toBe(';;,,;;,;');
    const contact = parseAddress(headerValue(m, 'contact') ?? '');
    expect(contact.displayName).toBe('Quoted string ""');
    expect(contact.params).toEqual({ newparam: 'newvalue', secondparam: null, q: '0.33' });
    expect(parseAddress(headerValue(m, 'route') ?? '').uri?.params).toEqual({ lr: null, unknownwith: 'value', 'unknown-no-value': null });
    expect(m.body.length).toBe(150);
  });

  test('intmeth: unusual method, URI, escapes in quoted strings and UTF-8 values', () => {
    const m = request('intmeth');
    expect(m.method).toBe("!interesting-Method0123456789_*+`.%indeed'~");
    const uri = parseSipUri(m.uri);
    expect(uri.user).toBe("1_unusual.URI~(to-be!sure)&isn't+it$/crazy?,/;;*");
    expect(uri.password).toBe("&it+has=1,weird!*pas$wo~d_too.(doesn't-it)");
    expect(parseAddress(headerValue(m, 'to') ?? '').displayName).toBe('BEL:\x07 NUL:\x00 DEL:\x7f');
    const from = parseAddress(headerValue(m, 'from') ?? '');
    expect(from.displayName).toBe("token1~` token2'+_ token3*%!.-");
    expect(from.params.tag).toBe("_token~1'+`*%!-.");
    expect(headerValue(m, 'call-id')).toBe('intmeth.word%ZK-!.*_+\'@word`~)(><:\\/"][?}{');
    expect(headerValue(m, "extensionHeader-!.%*+_`'~")).toBe('\ufeff大停電');
  });

  test('esc01: escaped characters in URIs are decoded', () => {
    const m = request('esc01');
    expect(parseSipUri(m.uri).user).toBe('sips:user@example.com');
    expect(parseAddress(headerValue(m, 'to') ?? '').uri?.user).toBe('user');
    expect(parseAddress(headerValue(m, 'from') ?? '').uri?.user).toBe('I have spaces');
    expect(parseAddress(headerValue(m, 'contact') ?? '').uri).toMatchObject({ user: 'caller', params: { lr: null, name: 'value%41' } });
    expect(headerValue(m, 'content-type')).toBe('application/sdp');
  });

  test('escnull and esc02: %00 in a user part, escapes in method and header names', () => {
    expect(headerValues(request('escnull'), 'contact').map((c) => parseAddress(c).uri?.user)).toEqual(['\0', '\0\0']);
    const esc02 = request('esc02');
    expect(esc02.method).toBe('RE%47IST%45R');
    expect(headerValues(esc02, 'contact')).toHaveLength(2);
    expect(headerValue(esc02, 'C%6Fntact')).toBe('<sip:alias2@host2.example.com>');
  });

  test('lwsdisp, semiuri, transports', () => {
    expect(parseAddress(headerValue(request('lwsdisp'), 'from') ?? '').displayName).toBe('caller');
    const semi = request('semiuri');
    expect(parseSipUri(semi.uri)).toMatchObject({ user: 'user;par=u@example.net', host: 'example.com', params: {} });
    expect(headerValues(semi, 'accept')).toHaveLength(6);
    expect(headerValues(request('transports'), 'via').map((v) => parseVia(v).transport)).toEqual(['UDP', 'SCTP', 'TLS', 'UNKNOWN', 'TCP']);
  });

  test('longreq: long values and 34 Via headers under every spelling', () => {
    const m = request('longreq');
    expect(headerValues(m, 'via')).toHaveLength(34);
    expect(parseAddress(headerValue(m, 'to') ?? '').uri?.port).toBe(6000);
    expect(m.body.length).toBe(150);
  });

  test('dblreq: only the first of two requests in one datagram is read', () => {
    const m = request('dblreq');
    expect(m.method).toBe('REGISTER');
    expect(m.body.length).toBe(0);
  });

  test('mpart01: a binary multipart body is kept byte for byte', () => {
    const m = request('mpart01');
    expect(m.body.length).toBe(553);
    expect(m.body.subarray(0, 18).toString()).toBe('--7a9cbec02ceef655');
    expect(parseVia(headerValue(m, 'via') ?? '').params).toHaveProperty('rport', null);
  });

  test('unreason and noreason: a UTF-8 reason phrase, and none', () => {
    const unreason = parse('unreason');
    expect(unreason.kind === 'response' && unreason.reason).toBe('= 2**3 * 5**2 но сто девяносто девять - простое');
    const noreason = parse('noreason');
    expect(noreason.kind === 'response' && [noreason.status, noreason.reason]).toEqual([100, '']);
  });

  test.each(['novelsc', 'unksm2', 'unkscm', 'bext01', 'invut', 'zeromf', 'inv2543', 'bcast', 'cparam01', 'badbranch'])(
    '%s parses (the UA answers it; see user-agent.test.ts)', (name) => {
      expect(() => parse(name)).not.toThrow();
    });
});

describe('RFC 4475 invalid messages (§3.1.2, §3.3) throw SipParseError', () => {
  test.each([
    ['badinv01', 'empty Via and Contact parameters'],
    ['clerr', 'Content-Length larger than the message'],
    ['ncl', 'negative Content-Length'],
    ['scalar02', 'CSeq and Max-Forwards too large'],
    ['scalarlg', 'CSeq too large in a response'],
    ['quotbal', 'unterminated quoted string'],
    ['ltgtruri', '<> around the Request-URI'],
    ['lwsruri', 'white space inside the Request-URI'],
    ['lwsstart', 'two spaces between request-line elements'],
    ['trws', 'spaces at the end of the request line'],
    ['escruri', 'headers in the Request-URI'],
    ['baddate', 'a Date not in GMT'],
    ['regbadct', 'a URI with ? outside angle brackets'],
    ['badaspec', 'spaces inside <>'],
    ['baddn', 'a comma in an unquoted display name'],
    ['mismatch01', 'CSeq method differs'],
    ['mismatch02', 'CSeq method differs from an unknown method'],
    ['bigcode', 'status code out of range'],
    ['multi01', 'two To, From, Call-ID and CSeq'],
    ['mcl01', 'two Content-Length'],
    ['insuf', 'no From, To, Call-ID'],
  ])('%s (%s)', (name) => {
    expect(() => parse(name)).toThrow(SipParseError);
  });

  test('badvers: an unknown SIP version asks for 505', () => {
    expect(() => parse('badvers')).toThrow(expect.objectContaining({ status: 505 }));
  });
});

describe('message details', () => {
  const base = 'OPTIONS sip:a@b SIP/2.0\r\nVia: SIP/2.0/UDP h;branch=z9hG4bK1\r\nFrom: <sip:x@y>;tag=1\r\nTo: <sip:a@b>\r\nCall-ID: c\r\nCSeq: 1 OPTIONS\r\n';

  test('a stream message needs Content-Length; a datagram does not', () => {
    expect(() => parseSipMessage(`${base}\r\n`, { transport: 'tcp' })).toThrow(SipParseError);
    expect(parseSipMessage(`${base}\r\nhello`).body.toString()).toBe('hello');
  });

  test('serialising and parsing again gives the same message', () => {
    const m = request('wsinv');
    const again = parseSipMessage(serializeSipMessage(m));
    const withoutLength = (headers: { name: string }[]) => headers.filter((h) => h.name !== 'Content-Length');
    expect(withoutLength(again.headers)).toEqual(withoutLength(m.headers));
    expect(again.body).toEqual(m.body);
  });

  test('URIs: sips, tel, IPv6, ports and headers', () => {
    expect(parseSipUri('sips:alice@[2001:db8::1]:5061;transport=tcp')).toMatchObject({ scheme: 'sips', host: '[2001:db8::1]', port: 5061, params: { transport: 'tcp' } });
    expect(parseSipUri('tel:+1-201-555-0123;phone-context=example.com')).toMatchObject({ scheme: 'tel', user: '+1-201-555-0123' });
    expect(parseSipUri('sip:bob@biloxi.com?subject=project%20x')).toMatchObject({ headers: { subject: 'project x' } });
    expect(() => parseSipUri('sip:bob@biloxi.com:99999')).toThrow(SipParseError);
    expect(() => parseSipUri('http://example.com')).toThrow(expect.objectContaining({ status: 416 }));
  });
});
