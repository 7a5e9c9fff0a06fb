import { turnRows, unique, useFixture, type OpenEngineStore } from './fixture.js';

/**
 * The contract of the session reads and writes the engine makes outside a turn
 * (db/sessions-repo.ts): the dialogs sleeping after WAIT, for start-up to wake, and a customer
 * who cannot be reached, which moves the version like any write outside a turn.
 */
export function describeSessionsContract(open: OpenEngineStore): void {
  describe('sessions contract', () => {
    const store = useFixture(open);
    const rows = () => turnRows(store().botId);

    async function opened(dialog: unknown): Promise<string> {
      const session = rows().create(unique('sessions'), { dialog_state: dialog, context_patch: { lang: 'en' } });
      const result = await store().repos.turns.commit({ session, inbound: rows().message(session.row.id, 'hello'), outbound: [], events: [] });
      if (result.kind !== 'committed') throw new Error(result.kind);
      return session.row.id;
    }

    test('sleeping dialogs are listed with their bot\'s name, the earliest wake-up first', async () => {
      const later = await opened({ status: 'sleeping', resume_at: '2030-01-02T00:00:00.000Z' });
      const sooner = await opened({ status: 'sleeping', resume_at: '2030-01-01T00:00:00.000Z' });
      const waiting = await opened({ status: 'waiting' });
      const listed = (await store().repos.sessions.listSleeping()).filter((s) => [later, sooner, waiting].includes(s.id));
      expect(listed).toEqual([
        { id: sooner, bot_name: 'contract-bot', resume_at: '2030-01-01T00:00:00.000Z' },
        { id: later, bot_name: 'contract-bot', resume_at: '2030-01-02T00:00:00.000Z' },
      ]);
    });

    test('an unreachable customer is marked in context_data, merged, and the version moves', async () => {
      const id = await opened(null);
      const at = new Date('2030-01-01T10:00:00.000Z');
      await store().repos.sessions.markUnreachable(id, 'recipient blocked the bot', at);
      expect(await store().repos.turns.session(id)).toMatchObject({
        version: 2, context_data: { lang: 'en', unreachable: true, unreachable_reason: 'recipient blocked the bot', unreachable_at: at.toISOString() },
      });
    });
  });
}
