import { parseUserFilter } from './generate-credentials.js';

test('the --users filters', () => {
  expect(parseUserFilter('all')).toEqual({});
  expect(parseUserFilter('role:attendant')).toEqual({ role: 'attendant' });
  expect(parseUserFilter('source:ldap')).toEqual({ source: 'ldap' });
  expect(parseUserFilter('ana, bo@corp.test')).toEqual({ logins: ['ana', 'bo@corp.test'] });
  expect(() => parseUserFilter('role:pilot')).toThrow(/Unknown --users filter "role:pilot"/);
  expect(() => parseUserFilter('source:ad')).toThrow(/Unknown --users filter/);
});
