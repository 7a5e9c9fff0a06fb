import type { CallHolder, CallInstance, CallRegistry, DroppedCall, RegisteredCall } from '../../adapters/index.js';

/** A session as the in-memory registry sees it, for the dropped calls' reads. */
export interface MemorySession {
  status: 'open' | 'closed';
  needs_human: boolean;
  last_prompt: string | null;
}

/**
 * The shared call registry in memory (adapters/rtc-sip/call-registry.ts), for the unit tests of
 * what a survivor does: the clock is the test's (`advance`), as the database's clock is in
 * db/live-calls-repo.ts, and sessions are whatever the test says.
 */
export function createMemoryCallRegistry() {
  let now = 0;
  const instances = new Map<string, CallInstance & { heartbeat: number }>();
  const calls = new Map<string, RegisteredCall & { session_id: string | null; taken_by: string | null; started: number }>();
  const sessions = new Map<string, MemorySession>();
  const alive = (id: string, seconds: number) => {
    const instance = instances.get(id);
    return instance !== undefined && instance.heartbeat >= now - seconds * 1000;
  };
  const registry: CallRegistry = {
    async beat(instance) { instances.set(instance.id, { ...instance, heartbeat: now }); },
    async add(call) { if (!calls.has(call.call_id)) calls.set(call.call_id, { ...call, session_id: null, taken_by: null, started: now }); },
    async identify(callId, sessionId) { const call = calls.get(callId); if (call) call.session_id = sessionId; },
    async remove(callId) { calls.delete(callId); },
    async leave(instanceId) {
      for (const [id, call] of calls) if (call.instance_id === instanceId) calls.delete(id);
      instances.delete(instanceId);
    },
    async holder(key, deadAfterSeconds): Promise<CallHolder | undefined> {
      const call = [...calls.values()].find((c) => c.taken_by === null && ('callId' in key ? c.call_id === key.callId : c.session_id === key.sessionId));
      if (!call) return undefined;
      const instance = instances.get(call.instance_id);
      return {
        call_id: call.call_id, session_id: call.session_id, bot: call.bot, caller: call.caller, alive: alive(call.instance_id, deadAfterSeconds),
        instance: { id: call.instance_id, sip_address: instance?.sip_address ?? '', http_url: instance?.http_url ?? '' },
      };
    },
    async takeDropped(instanceId, deadAfterSeconds, limit): Promise<DroppedCall[]> {
      const taken = [...calls.values()]
        .filter((c) => c.taken_by === null && c.instance_id !== instanceId && !alive(c.instance_id, deadAfterSeconds))
        .sort((a, b) => a.started - b.started).slice(0, limit);
      for (const call of taken) call.taken_by = instanceId;
      for (const [id, instance] of instances) {
        if (!alive(id, deadAfterSeconds) && ![...calls.values()].some((c) => c.instance_id === instance.id)) instances.delete(id);
      }
      return taken.map((c) => ({
        call_id: c.call_id, instance_id: c.instance_id, bot: c.bot, caller: c.caller, session_id: c.session_id,
        session: c.session_id ? sessions.get(c.session_id) ?? null : null,
      }));
    },
    async forget(callId) { calls.delete(callId); },
  };
  return {
    registry,
    /** Moves the registry's clock on. */
    advance(ms: number) { now += ms; },
    /** Says what a session is, as the sessions table would. */
    session(id: string, session: MemorySession) { sessions.set(id, session); },
    /** The calls still registered, for assertions. */
    calls: () => [...calls.values()].map((c) => ({ call_id: c.call_id, instance_id: c.instance_id, session_id: c.session_id, taken_by: c.taken_by })),
    instances: () => [...instances.keys()],
  };
}
