import type { SessionRow } from '../db/index.js';
import { SessionCache } from './session-cache.js';

const key = { bot_id: 'b-1', channel: 'web', external_user_id: 'v-1' };
const row = (over: Partial<SessionRow> = {}): SessionRow => ({
  id: 's-1', user_id: 'u-1', ...key, needs_human: false, assigned_to: null, queue_id: null, customer_id: null, call_type: null,
  context_data: { lang: 'en' }, dialog_state: null, status: 'open', version: 3, created_at: new Date(0), updated_at: new Date(0), ...over,
});

describe('session cache', () => {
  test('an unknown conversation is read from the database, unless the channel just made the customer up', () => {
    const cache = new SessionCache();
    expect(cache.lookup(key, undefined, false)).toBeUndefined();
    expect(cache.lookup(key, undefined, true)).toEqual({ session: undefined, duplicate_of: undefined });
  });

  test('a committed turn leaves the session as its write did: one version on, context merged, dialog replaced', () => {
    const cache = new SessionCache();
    cache.committed(row(), { context_patch: { name: 'Ana' }, needs_human: true, dialog_state: { status: 'waiting', at: 2 } });
    const { session } = cache.lookup(key, undefined, false)!;
    expect(session).toMatchObject({ id: 's-1', version: 4, needs_human: true, context_data: { lang: 'en', name: 'Ana' }, dialog_state: { status: 'waiting', at: 2 } });
  });

  test('no dialog change keeps the dialog; null clears it', () => {
    const cache = new SessionCache();
    cache.committed(row({ dialog_state: { status: 'waiting' } }), {});
    expect(cache.lookup(key, undefined, false)!.session!.dialog_state).toEqual({ status: 'waiting' });
    cache.committed(row({ dialog_state: { status: 'waiting' }, version: 4 }), { dialog_state: null });
    expect(cache.lookup(key, undefined, false)!.session).toMatchObject({ version: 5, dialog_state: null });
  });

  test('every lookup is its own copy: a turn that changes it changes nothing remembered', () => {
    const cache = new SessionCache();
    cache.committed(row(), { dialog_state: { vars: { n: 1 } } });
    const first = cache.lookup(key, undefined, false)!.session!;
    (first.context_data as Record<string, unknown>).lang = 'pt';
    (first.dialog_state as { vars: { n: number } }).vars.n = 2;
    expect(cache.lookup(key, undefined, false)!.session).toMatchObject({ context_data: { lang: 'en' }, dialog_state: { vars: { n: 1 } } });
  });

  test('a retried message this instance committed is known as a duplicate', () => {
    const cache = new SessionCache();
    cache.committed(row(), {}, { id: 'm-9', provider_message_id: 'v-1:c-1' });
    expect(cache.lookup(key, 'v-1:c-1', false)!.duplicate_of).toBe('m-9');
    expect(cache.lookup(key, 'v-1:c-2', false)!.duplicate_of).toBeUndefined();
  });

  test('a forgotten or pushed-out session is read again', () => {
    const cache = new SessionCache(1);
    cache.committed(row(), {});
    cache.forget(key);
    expect(cache.lookup(key, undefined, false)).toBeUndefined();
    cache.committed(row(), {});
    cache.committed(row({ id: 's-2', external_user_id: 'v-2' }), {});
    expect(cache.lookup(key, undefined, false)).toBeUndefined();
    expect(cache.lookup({ ...key, external_user_id: 'v-2' }, undefined, false)!.session!.id).toBe('s-2');
  });
});
