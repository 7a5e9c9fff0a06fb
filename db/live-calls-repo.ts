import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from './connection.js';
import { callInstances, liveCalls } from './schema/index.js';

/** A call's holder as stored (shaped like the rtc_sip adapter's `CallHolder`). */
export interface LiveCallHolderRow {
  call_id: string;
  session_id: string | null;
  bot: string;
  caller: string;
  instance: { id: string; sip_address: string; http_url: string };
  alive: boolean;
}

/** A dropped call as claimed (shaped like the rtc_sip adapter's `DroppedCall`). */
export interface DroppedCallRow {
  call_id: string;
  instance_id: string;
  bot: string;
  caller: string;
  session_id: string | null;
  session: { status: 'open' | 'closed'; needs_human: boolean; last_prompt: string | null } | null;
}

interface HolderRecord {
  call_id: string; session_id: string | null; bot: string; caller: string;
  instance_id: string; sip_address: string | null; http_url: string | null; alive: boolean;
}

interface DroppedRecord {
  call_id: string; instance_id: string; bot: string; caller: string; session_id: string | null;
  status: 'open' | 'closed' | null; needs_human: boolean | null; last_prompt: string | null;
}

/**
 * The only code that queries `live_calls` and `call_instances` (docs/operations/kamailio.md). Ages
 * are measured by the database's clock, so instances with skewed clocks agree on who is dead.
 */
export function createLiveCallsRepo(db: Database) {
  const stale = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;
  return {
    async beat(instance: { id: string; sip_address: string; http_url: string }): Promise<void> {
      await db.insert(callInstances).values(instance)
        .onConflictDoUpdate({ target: callInstances.id, set: { heartbeat_at: sql`now()`, sip_address: instance.sip_address, http_url: instance.http_url } });
    },

    async add(call: { call_id: string; instance_id: string; bot: string; caller: string }): Promise<void> {
      await db.insert(liveCalls).values(call).onConflictDoNothing();
    },

    async identify(callId: string, sessionId: string): Promise<void> {
      await db.update(liveCalls).set({ session_id: sessionId }).where(eq(liveCalls.call_id, callId));
    },

    async remove(callId: string): Promise<void> {
      await db.delete(liveCalls).where(eq(liveCalls.call_id, callId));
    },

    async leave(instanceId: string): Promise<void> {
      await db.delete(liveCalls).where(eq(liveCalls.instance_id, instanceId));
      await db.delete(callInstances).where(eq(callInstances.id, instanceId));
    },

    async holder(key: { callId: string } | { sessionId: string }, deadAfterSeconds: number): Promise<LiveCallHolderRow | undefined> {
      const where = 'callId' in key ? sql`c.call_id = ${key.callId}` : sql`c.session_id = ${key.sessionId}`;
      const result = await db.execute(sql`
        select c.call_id, c.session_id, c.bot, c.caller, c.instance_id, i.sip_address, i.http_url,
          coalesce(i.heartbeat_at >= ${stale(deadAfterSeconds)}, false) as alive
        from live_calls c left join call_instances i on i.id = c.instance_id
        where ${where} and c.taken_by is null
        order by c.started_at desc limit 1`);
      const [row] = rowsOf<HolderRecord>(result);
      if (!row) return undefined;
      return {
        call_id: row.call_id, session_id: row.session_id, bot: row.bot, caller: row.caller, alive: row.alive,
        instance: { id: row.instance_id, sip_address: row.sip_address ?? '', http_url: row.http_url ?? '' },
      };
    },

    async takeDropped(instanceId: string, deadAfterSeconds: number, limit: number): Promise<DroppedCallRow[]> {
      // One statement: the claim (skipping rows another instance is claiming right now), then each
      // claimed call's session, whether it waits for a person, and the bot's last words on it.
      const result = await db.execute(sql`
        with dropped as (
          select c.call_id from live_calls c
          where c.taken_by is null and c.instance_id <> ${instanceId}
            and not exists (select 1 from call_instances i where i.id = c.instance_id and i.heartbeat_at >= ${stale(deadAfterSeconds)})
          order by c.started_at
          limit ${limit}
          for update of c skip locked
        ),
        taken as (
          update live_calls set taken_by = ${instanceId}, dropped_at = now()
          from dropped where live_calls.call_id = dropped.call_id
          returning live_calls.*
        )
        select t.call_id, t.instance_id, t.bot, t.caller, t.session_id, s.status, s.needs_human,
          (select m.text from messages m where m.session_id = t.session_id and m.sender = 'bot' and m.direction = 'outbound'
            order by m.seq desc limit 1) as last_prompt
        from taken t left join sessions s on s.id = t.session_id
        order by t.started_at`);
      await db.execute(sql`
        delete from call_instances i where i.heartbeat_at < ${stale(deadAfterSeconds)}
          and not exists (select 1 from live_calls c where c.instance_id = i.id)`);
      return rowsOf<DroppedRecord>(result).map((r) => ({
        call_id: r.call_id, instance_id: r.instance_id, bot: r.bot, caller: r.caller, session_id: r.session_id,
        session: r.status === null ? null : { status: r.status, needs_human: r.needs_human === true, last_prompt: r.last_prompt },
      }));
    },

    async forget(callId: string): Promise<void> {
      await db.delete(liveCalls).where(eq(liveCalls.call_id, callId));
    },
  };
}

export type LiveCallsRepo = ReturnType<typeof createLiveCallsRepo>;
