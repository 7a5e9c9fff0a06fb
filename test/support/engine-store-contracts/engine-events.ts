import { turnRows, unique, useFixture, type OpenEngineStore } from './fixture.js';

/**
 * The contract of the stored domain events (db/engine-events-repo.ts): written with their turn,
 * handed out per session in the order written; each attempt counted, and an event leaves the
 * pending ones when handled or given up.
 */
export function describeEngineEventsContract(open: OpenEngineStore): void {
  describe('engine events contract', () => {
    const store = useFixture(open);
    const rows = () => turnRows(store().botId);

    /** A session whose turns wrote events named `names`, one turn per name; resolves to the session id. */
    async function withEvents(names: string[]): Promise<string> {
      const { turns } = store().repos;
      const session = rows().create(unique('events'));
      const id = session.row.id;
      let version = 0;
      for (const name of names) {
        const write = version === 0 ? session : rows().update(id, version);
        const result = await turns.commit({ session: write, inbound: rows().message(id, name), outbound: [], events: [rows().event(id, name, { name })] });
        if (result.kind !== 'committed') throw new Error(result.kind);
        version += 1;
      }
      return id;
    }

    test('a session\'s events are pending in the order written', async () => {
      const id = await withEvents(['one', 'two', 'three']);
      expect((await store().repos.events.pendingUnderLock(id).read()).events.map((e) => [e.name, e.payload, e.attempts, e.session_id])).toEqual([
        ['one', { name: 'one' }, 0, id], ['two', { name: 'two' }, 0, id], ['three', { name: 'three' }, 0, id],
      ]);
    });

    test('a handled event leaves the pending ones; a failed attempt is counted and the event stays until the final one', async () => {
      const { events } = store().repos;
      const id = await withEvents(['done', 'retried', 'given up']);
      const [done, retried, givenUp] = (await events.pendingUnderLock(id).read()).events;
      await events.markDone(done!.id);
      await events.recordFailure(retried!.id, 'handler failed', false);
      await events.recordFailure(givenUp!.id, 'handler failed', false);
      await events.recordFailure(givenUp!.id, 'handler failed for good', true);
      expect((await events.pendingUnderLock(id).read()).events.map((e) => [e.name, e.attempts])).toEqual([['retried', 1]]);
    });

    test('sessions with pending events are listed once each, naming one of their pending events', async () => {
      const { events } = store().repos;
      const busy = await withEvents(['a', 'b']);
      const idle = await withEvents(['c']);
      const [handled] = (await events.pendingUnderLock(idle).read()).events;
      await events.markDone(handled!.id);
      const listed = (await events.sessionsWithPending()).filter((s) => s.session_id === busy || s.session_id === idle);
      expect(listed).toHaveLength(1);
      expect(listed[0]!.session_id).toBe(busy);
      expect((await events.pendingUnderLock(busy).read()).events.map((e) => e.id)).toContain(listed[0]!.id);
    });
  });
}
