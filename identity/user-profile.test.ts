import type { UserRecord } from './identity-store.js';
import { newUserRow, profileChanges, UserProfileSchema } from './user-profile.js';

const stored: UserRecord = {
  id: '6f1c1a52-4c1e-4c57-9d43-1c5f0f8d0a11', username: 'ana', email: 'ana@corp.test', password_hash: null, roles: ['attendant'],
  is_active: true, is_admin: false, display_name: 'Ana', phone: null, department: 'Support', source: 'csv', external_id: 'emp-1', directory_tenant_id: null,
  must_change_password: false, federated_at: null, created_at: new Date(0), updated_at: new Date(0),
};

test('a profile lower-cases the email and refuses bad usernames', () => {
  expect(UserProfileSchema.parse({ username: 'ana', email: 'Ana@Corp.Test' }).email).toBe('ana@corp.test');
  expect(UserProfileSchema.safeParse({ username: 'ana lima', email: 'ana@corp.test' }).success).toBe(false);
});

test('only what differs is changed; fields left out stay; roles compare as sets and keep is_admin in step', () => {
  const same = UserProfileSchema.parse({ username: 'ana', email: 'ana@corp.test', roles: ['attendant'] });
  expect(profileChanges(stored, same)).toEqual({});
  const moved = UserProfileSchema.parse({ username: 'ana', email: 'ana@corp.test', department: 'Sales', roles: ['admin', 'attendant'], active: false });
  expect(profileChanges(stored, moved)).toEqual({ department: 'Sales', roles: ['admin', 'attendant'], is_admin: true, is_active: false });
});

test('a new account has no local password and the source it came from', () => {
  const row = newUserRow(UserProfileSchema.parse({ username: 'bo', email: 'bo@corp.test', roles: ['admin', 'admin'] }), 'scim');
  expect(row).toMatchObject({ password_hash: null, source: 'scim', roles: ['admin'], is_admin: true, is_active: true, display_name: '' });
});
