import { ForbiddenError } from '../infra/errors.js';
import { assertMayChange, mayChange, mayRead, readerOf, type ContentActor } from './content-actor.js';

/** The ownership and sharing table of docs/content.md, row by row. */
const record = { owner_id: 'ann', shared_with_users: ['bo'], shared_with_groups: ['finance'] };
const actor = (user_id: string, groups: string[] = [], admin = false): ContentActor => ({ user_id, groups, admin });

test.each([
  ['the owner', actor('ann'), true, true],
  ['a user it is shared with', actor('bo'), true, false],
  ['a member of a group it is shared with', actor('cy', ['finance']), true, false],
  ['an admin', actor('dee', [], true), true, true],
  ['anyone else', actor('eve', ['sales']), false, false],
])('%s: read %s, change %s', (_who, who, read, change) => {
  expect(mayRead(who, record)).toBe(read);
  expect(mayChange(who, record)).toBe(change);
  if (change) expect(() => assertMayChange(who, record, 'it')).not.toThrow();
  else expect(() => assertMayChange(who, record, 'it')).toThrow(ForbiddenError);
});

test('the repositories filter by user and groups, and not at all for admins', () => {
  expect(readerOf(actor('cy', ['finance']))).toEqual({ user_id: 'cy', groups: ['finance'], all: false });
  expect(readerOf(actor('dee', [], true)).all).toBe(true);
});
