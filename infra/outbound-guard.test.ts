import { checkTarget, HttpRefusedError, refusalOfAddress, type ResolveHost } from './outbound-guard.js';

describe('refusalOfAddress', () => {
  test.each([
    '169.254.169.254', '169.254.0.1', '0.0.0.0', '0.1.2.3', '100.100.100.200', 'fe80::1', 'FE80::abcd%eth0', 'febf::1', '::',
    'fd00:ec2::254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '0:0:0:0:0:ffff:a9fe:a9fe', '::a9fe:a9fe',
  ])('always refuses %s', (address) => {
    expect(refusalOfAddress(address, true)).toMatch(/link-local, metadata or unspecified/);
  });

  test.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1'])(
    'allows private %s by default, refuses it without allowPrivateNetworks',
    (address) => {
      expect(refusalOfAddress(address, true)).toBeUndefined();
      expect(refusalOfAddress(address, false)).toMatch(/private or loopback/);
    },
  );

  test.each(['64:ff9b::7f00:1', '64:ff9b::8.8.8.8', '64:ff9b:1::a00:1', '2002:7f00:1::1', '2002:0808:0808::', '2001:0:4136:e378::1'])(
    'refuses the IPv4 translator address %s unless private networks are allowed',
    (address) => {
      expect(refusalOfAddress(address, false)).toMatch(/NAT64, 6to4 or Teredo/);
      expect(refusalOfAddress(address, true)).toBeUndefined();
    },
  );

  test.each(['64:ff9b::a9fe:a9fe', '64:ff9b::169.254.169.254', '2002:a9fe:a9fe::1', '2002::1'])('refuses %s, whose IPv4 address is always refused, even with private networks', (address) => {
    expect(refusalOfAddress(address, true)).toMatch(/translates to .* link-local, metadata or unspecified/);
  });

  test.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2001:4860:4860::8888', 'fec0::1', '::ffff:8.8.8.8'])('allows public %s', (address) => {
    expect(refusalOfAddress(address, false)).toBeUndefined();
  });
});

describe('checkTarget', () => {
  const noDns: ResolveHost = () => Promise.reject(new Error('no DNS in this test'));
  const check = (url: string, resolve = noDns, allowPrivate = true) => checkTarget(new URL(url), allowPrivate, resolve);

  test.each([
    ['file:///etc/passwd', /Only http and https/],
    ['ftp://example.com/', /Only http and https/],
    ['http://metadata.google.internal/computeMetadata/v1/', /metadata\.google\.internal are not allowed/],
    ['http://METADATA.google.internal./', /cloud metadata/],
    ['http://metadata/', /cloud metadata/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://2852039166/', /link-local/], // 169.254.169.254 written as one number
    ['http://0xa9.0xfe.0xa9.0xfe/', /link-local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[::ffff:169.254.169.254]/', /link-local/],
    ['http://[fd00:ec2::254]/', /link-local/],
    ['http://100.100.100.200/', /link-local/],
    ['http://0.0.0.0:8080/', /link-local/],
  ])('refuses %s without resolving anything', async (url, message) => {
    await expect(check(url)).rejects.toThrow(HttpRefusedError);
    await expect(check(url)).rejects.toThrow(message);
  });

  test('a name is refused when any of its addresses is', async () => {
    const resolve: ResolveHost = async () => [{ address: '93.184.216.34', family: 4 }, { address: '169.254.169.254', family: 4 }];
    await expect(check('https://rebind.example/', resolve)).rejects.toThrow(/rebind\.example are not allowed: 169\.254\.169\.254/);
  });

  test('returns the checked addresses of an allowed name', async () => {
    const resolve: ResolveHost = async () => [{ address: '10.0.0.5', family: 4 }];
    await expect(check('http://internal.api:8080/x', resolve)).resolves.toEqual([{ address: '10.0.0.5', family: 4 }]);
    await expect(check('http://internal.api:8080/x', resolve, false)).rejects.toThrow(/private or loopback/);
    await expect(check('http://[::1]/', noDns, false)).rejects.toThrow(/private or loopback/);
  });

  test('an unresolvable name is a request error, not a refusal', async () => {
    await expect(check('http://nowhere.invalid/')).rejects.toThrow(/Cannot resolve host nowhere\.invalid/);
  });
});
