import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSipTrunks, SipTrunksError } from './sip-trunks.js';

const dir = mkdtempSync(path.join(tmpdir(), 'sb-trunks-'));
const file = (name: string, content: unknown) => {
  const full = path.join(dir, name);
  writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content));
  return full;
};

test('reads the trunks, with the password from its environment variable', async () => {
  const trunks = await loadSipTrunks(file('ok.json', {
    trunks: [
      { name: 'carrier', addresses: ['203.0.113.0/24', '198.51.100.7'], username: 'acme', password_env: 'SIP_CARRIER_PASSWORD' },
      { name: 'pbx', addresses: ['10.0.0.5'], transport: 'tcp', outbound_proxy: 'sip:10.0.0.5:5060' },
      { name: 'secure', addresses: ['192.0.2.1'], transport: 'tls' },
    ],
  }), { SIP_CARRIER_PASSWORD: 's3cret' });
  expect(trunks).toEqual([
    { name: 'carrier', addresses: ['203.0.113.0/24', '198.51.100.7'], transport: 'udp', credentials: { username: 'acme', password: 's3cret' } },
    { name: 'pbx', addresses: ['10.0.0.5'], transport: 'tcp', outbound_proxy: 'sip:10.0.0.5:5060' },
    { name: 'secure', addresses: ['192.0.2.1'], transport: 'tls' },
  ]);
});

test('no file: no trunks', async () => {
  expect(await loadSipTrunks(path.join(dir, 'missing.json'))).toEqual([]);
});

test.each([
  ['not JSON', '{trunks', /not JSON/],
  ['a bad address', { trunks: [{ name: 'x', addresses: ['10.0.0.300'] }] }, /trunks\.0\.addresses\.0: expected an IP address or a CIDR range/],
  ['a user without password', { trunks: [{ name: 'x', addresses: ['10.0.0.1'], username: 'u' }] }, /username and password_env go together/],
  ['a password not set', { trunks: [{ name: 'x', addresses: ['10.0.0.1'], username: 'u', password_env: 'NOT_SET_HERE' }] }, /needs its password in NOT_SET_HERE, which is not set/],
  ['a transport not spoken', { trunks: [{ name: 'x', addresses: ['10.0.0.1'], transport: 'sctp' }] }, /trunks\.0\.transport/],
  ['a name twice', { trunks: [{ name: 'x', addresses: ['10.0.0.1'] }, { name: 'x', addresses: ['10.0.0.2'] }] }, /trunk "x" is defined twice/],
])('refuses %s, naming the file', async (name, content, message) => {
  const full = file(`${name.replace(/\s/g, '-')}.json`, content);
  const error = await loadSipTrunks(full, {}).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SipTrunksError);
  expect((error as Error).message).toContain(full);
  expect((error as Error).message).toMatch(message);
});
