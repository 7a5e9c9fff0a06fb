import type { ConversationRow } from '../../db/index.js';
import type { FailedDelivery } from '../../engine/index.js';
import { publishDeliveryFailed } from './delivery-failed.js';
import { ATTENDANCE_LIVE_TOPIC } from './live-events-listener.js';

const failed: FailedDelivery = {
  session_id: 's-1', message_id: 'm-1', channel: 'mobile_msg', sender: 'attendant', text: 'Are you there?', reason: '131047: Re-engagement message',
};

/** Runs the use case against one stored conversation (or none) and returns what it published. */
async function published(row: Partial<ConversationRow> | undefined): Promise<unknown[]> {
  const sent: unknown[] = [];
  await publishDeliveryFailed({
    repos: { conversations: { get: async () => row as ConversationRow | undefined } as never },
    bus: { publish: async (topic: string, message: unknown) => void sent.push({ topic, message }) },
  }, failed);
  return sent;
}

describe('delivery_failed frames', () => {
  const frame = { type: 'delivery_failed', session_id: 's-1', message_id: 'm-1', channel: 'mobile_msg', from: 'attendant', text: 'Are you there?', reason: '131047: Re-engagement message' };

  test('a held conversation: its attendant, supervisors and admins', async () => {
    expect(await published({ session_id: 's-1', status: 'active', assigned_to: 'ana' })).toEqual([
      { topic: ATTENDANCE_LIVE_TOPIC, message: { recipients: { user_ids: ['ana'], supervisors: true }, frame } },
    ]);
  });

  test('a conversation nobody holds: supervisors and admins only', async () => {
    expect(await published({ session_id: 's-1', status: 'waiting', assigned_to: null })).toEqual([
      { topic: ATTENDANCE_LIVE_TOPIC, message: { recipients: { user_ids: [], supervisors: true }, frame } },
    ]);
  });

  test('a session that never reached attendance: no frame', async () => {
    expect(await published(undefined)).toEqual([]);
  });
});
