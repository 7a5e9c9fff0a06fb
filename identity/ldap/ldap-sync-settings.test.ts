import { DEFAULT_MAPPING, parseInterval, parseMapping, readLdapSyncSettings } from './ldap-sync-settings.js';

test('a mapping replaces only the fields it names; unknown fields are refused', () => {
  expect(parseMapping('username=sAMAccountName, email=userPrincipalName')).toEqual({ ...DEFAULT_MAPPING, username: 'sAMAccountName', email: 'userPrincipalName' });
  expect(() => parseMapping('login=uid')).toThrow(/Bad mapping "login=uid"/);
});

test('intervals in s, m, h and d', () => {
  expect(parseInterval('30s')).toBe(30_000);
  expect(parseInterval('15m')).toBe(900_000);
  expect(parseInterval('1d')).toBe(86_400_000);
  expect(() => parseInterval('0m')).toThrow(/Bad interval/);
  expect(() => parseInterval('soon')).toThrow(/Bad interval/);
});

test('flags override the environment and the defaults fill the rest', () => {
  const settings = readLdapSyncSettings(['--base-dn', 'ou=people,dc=x', '--every', '1h'], {
    LDAP_SYNC_URL: 'ldap://127.0.0.1:389', LDAP_SYNC_BASE_DN: 'dc=ignored', LDAP_BIND_PASSWORD: 'secret',
  });
  expect(settings).toMatchObject({ url: 'ldap://127.0.0.1:389', baseDn: 'ou=people,dc=x', bindPassword: 'secret', every: 3_600_000, filter: '(objectClass=inetOrgPerson)', pageSize: 500 });
  expect(() => readLdapSyncSettings([], {})).toThrow(/url/);
  expect(() => readLdapSyncSettings(['--bogus', 'x'], { LDAP_SYNC_URL: 'ldap://h', LDAP_SYNC_BASE_DN: 'dc=x' })).toThrow(/Unknown or incomplete option "--bogus"/);
});
