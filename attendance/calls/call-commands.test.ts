import { ConflictError } from '../../infra/errors.js';
import { conversation, fakeConversations, fakeRepositories } from '../../test/support/attendance-fakes.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { createAttendantInbox } from '../channel-attendants/attendant-inbox.js';
import { runAttendantCommand, type AttendantCommandDeps } from '../commands/run-attendant-command.js';
import type { CallCommandRelay } from './call-command-relay.js';
import type { CallControlPort } from './call-control-port.js';
import { CALL_EVENTS_TOPIC } from './call-events.js';

// The call commands (docs/attendance/calls.md) on in-memory repositories and a recording port.

const ANA = { user_id: 'u-ana', roles: ['attendant'] };
const BOB = { id: 'u-bob', username: 'bob', is_active: true, roles: ['attendant'] };
const SESSION = 's-1';
const AT = new Date('2026-03-01T10:00:00Z');

function setup(options: { channel?: string; external?: string; live?: boolean; placeCall?: boolean; relay?: CallCommandRelay } = {}) {
  const calls: string[] = [];
  const logged: { type: string; attendant_id?: string | null; data?: unknown }[] = [];
  const published: { topic: string; message: unknown }[] = [];
  const live = options.live ?? true;
  const conversations = fakeConversations([conversation(SESSION, { status: 'active', assigned_to: ANA.user_id, channel: options.channel ?? 'rtc_sip' })]);
  const session = { id: SESSION, bot_id: 'bot-1', channel: options.channel ?? 'rtc_sip', external_user_id: options.external ?? '+14155550111', context_data: {} };
  const repos = fakeRepositories({
    conversations: { ...conversations, listItems: async () => [...conversations.rows.values()] } as unknown as Partial<AttendanceRepositories['conversations']>,
    sessions: { findById: async (id: string) => (id === SESSION ? session : undefined) } as unknown as Partial<AttendanceRepositories['sessions']>,
    users: {
      findByLogin: async (login: string) => (login === BOB.username ? BOB : undefined),
      findById: async (id: string) => (id === BOB.id ? BOB : id === ANA.user_id ? { id: ANA.user_id, username: 'ana', is_active: true, roles: ANA.roles } : undefined),
    } as unknown as Partial<AttendanceRepositories['users']>,
    // Ana works from her phone (mobile_msg) and from workchat too.
    profiles: { list: async () => [{ user_id: ANA.user_id, phone: '+14155550199', email: 'ana@example.test', aliases: [] }] } as unknown as Partial<AttendanceRepositories['profiles']>,
    events: {
      append: async (event: { type: string; attendant_id?: string | null; data?: unknown }) => { logged.push(event); return event; },
      list: async () => logged.map((e) => ({ ...e, session_id: SESSION, at: AT })),
    } as unknown as Partial<AttendanceRepositories['events']>,
    crm: { findContactByPhone: async () => undefined } as unknown as Partial<AttendanceRepositories['crm']>,
  });
  const notLive = () => Promise.reject(new ConflictError('no call', 'no_live_call'));
  const port: CallControlPort = {
    isLive: () => live,
    hold: async (id, on) => { calls.push(`hold ${id} ${on}`); return live ? { held: on } : notLive(); },
    sendDigits: async (id, digits) => { calls.push(`dtmf ${id} ${digits}`); return { via: 'info' }; },
    hangUp: async (id) => { calls.push(`hangup ${id}`); if (!live) await notLive(); },
    transferToNumber: async (id, number) => { calls.push(`refer ${id} ${number}`); return { via: 'refer' }; },
    ...(options.placeCall === false ? {} : {
      placeCall: async ({ bot, to }: { bot: string; to: string }) => { calls.push(`place ${bot} ${to}`); return { call_id: 'c-1', to, from: '+15550100' }; },
    }),
  };
  const deps: AttendantCommandDeps = {
    repos,
    attendance: {
      useCaseDeps: { repos, config: () => undefined, now: () => AT },
      assign: async (input: { attendantId: string }) => { calls.push(`assign ${input.attendantId}`); },
    } as unknown as AttendantCommandDeps['attendance'],
    calls: port,
    bus: { publish: async (topic, message) => { published.push({ topic, message }); } },
    meetings: {
      start: async () => ({ join_url: 'https://meet.test/r', reused: false }),
    } as unknown as NonNullable<AttendantCommandDeps['meetings']>,
    ...(options.relay ? { callRelay: options.relay } : {}),
  };
  const run = (text: string, more: { relayed?: boolean } = {}) => runAttendantCommand(deps, { actor: ANA, text, ...more });
  const inbox = createAttendantInbox({ commands: deps, repos, config: () => undefined });
  return { run, calls, logged, published, inbox };
}

describe('the call commands', () => {
  test('/hold toggles: music on, then off; each is a fact of the log and a bus event', async () => {
    const { run, calls, logged, published } = setup();
    expect(await run('/hold')).toMatchObject({ ok: true, reply: expect.stringMatching(/on hold/) });
    expect(await run('/hold')).toMatchObject({ ok: true, reply: 'The call is resumed.' });
    expect(await run('/hold on')).toMatchObject({ ok: true });
    expect(calls).toEqual([`hold ${SESSION} true`, `hold ${SESSION} false`, `hold ${SESSION} true`]);
    expect(logged.map((e) => [e.type, e.attendant_id])).toEqual([['call_held', ANA.user_id], ['call_resumed', ANA.user_id], ['call_held', ANA.user_id]]);
    expect(published[0]).toEqual({
      topic: CALL_EVENTS_TOPIC,
      message: { name: 'call.hold_changed', payload: { session_id: SESSION, held: true, actor_id: ANA.user_id, at: AT.toISOString() } },
    });
  });

  test('/dtmf, /hangup and /transfer +number reach the call', async () => {
    const { run, calls, logged } = setup();
    expect(await run('/dtmf 12#')).toMatchObject({ ok: true, reply: 'Keys 12# sent.' });
    expect(await run('/transfer +1 555 555 0199')).toMatchObject({ ok: true, reply: 'The call is transferred to +15555550199.' });
    expect(await run('/hangup')).toMatchObject({ ok: true, reply: 'The call is ended.' });
    expect(calls).toEqual([`dtmf ${SESSION} 12#`, `refer ${SESSION} +15555550199`, `hangup ${SESSION}`]);
    expect(logged).toEqual([expect.objectContaining({ type: 'call_transferred', data: { to: 'number', number: '+15555550199' } })]);
  });

  test('/transfer @attendant of a live call moves the conversation and tells the bridge to follow', async () => {
    const { run, published, logged } = setup();
    expect(await run('/transfer @bob')).toMatchObject({ ok: true, reply: 'Conversation and call transferred to @bob.' });
    expect(logged.map((e) => e.type)).toEqual(expect.arrayContaining(['transferred_to_attendant', 'call_transferred']));
    expect(published).toContainEqual({
      topic: CALL_EVENTS_TOPIC,
      message: {
        name: 'call.transferred_to_attendant',
        payload: { session_id: SESSION, bot_id: 'bot-1', from_attendant_id: ANA.user_id, to_attendant_id: BOB.id, actor_id: ANA.user_id, at: AT.toISOString() },
      },
    });
  });

  test('/call back and /callback <number> place a call from the bot; /call phones a known number, and is the room link on the web', async () => {
    const phone = setup();
    expect(await phone.run('/call back')).toMatchObject({ ok: true, reply: expect.stringMatching(/^Calling \+14155550111/) });
    expect(await phone.run('/callback +44 20 7946 0000')).toMatchObject({ ok: true });
    expect(phone.calls).toEqual(['place bot-1 +14155550111', 'place bot-1 +442079460000']);
    const sms = setup({ channel: 'sms', live: false });
    expect(await sms.run('/call')).toMatchObject({ ok: true, reply: expect.stringMatching(/^Calling \+14155550111/) });
    expect(sms.calls).toEqual(['place bot-1 +14155550111']);
    const web = setup({ channel: 'web', external: 'visitor-1', live: false });
    expect(await web.run('/call')).toMatchObject({ ok: true, reply: expect.stringMatching(/the customer got the link/) });
    expect(await web.run('/call back')).toMatchObject({ ok: false, reply: expect.stringMatching(/no known phone number/) });
    expect(web.calls).toEqual([]);
  });

  test('a conversation without a live call: its commands say so, and /transfer @attendant stays a conversation transfer', async () => {
    const { run, published, calls } = setup({ live: false });
    expect(await run('/hold on')).toMatchObject({ ok: false, reply: 'no call' });
    expect(await run('/transfer @bob')).toMatchObject({ ok: true, reply: 'Conversation transferred to @bob.' });
    expect(calls).toEqual([`hold ${SESSION} true`, `assign ${BOB.id}`]);
    expect(published.filter((p) => p.topic === CALL_EVENTS_TOPIC)).toEqual([]);
  });

  test('a call another instance holds: the call commands run there, as the attendant, on the conversation; here nothing is done', async () => {
    const passed: { text: string; sessionId: string; actor: string }[] = [];
    const relay: CallCommandRelay = {
      run: async ({ actor, text, sessionId }) => {
        passed.push({ text, sessionId, actor: actor.user_id });
        return { ok: true, reply: `held elsewhere: ${text}`, session_id: sessionId };
      },
    };
    const { run, calls, published, logged } = setup({ live: false, relay });
    for (const line of ['/hold', '/hangup', '/dtmf 1#', '/transfer +15550199', '/transfer @bob', '/call', '/call back', '/callback +15550199']) {
      expect(await run(line)).toEqual({ ok: true, reply: `held elsewhere: ${line}`, session_id: SESSION });
    }
    expect(passed.map((p) => [p.text, p.sessionId, p.actor])).toEqual(
      ['/hold', '/hangup', '/dtmf 1#', '/transfer +15550199', '/transfer @bob', '/call', '/call back', '/callback +15550199'].map((t) => [t, SESSION, ANA.user_id]));
    expect({ calls, published, logged }).toEqual({ calls: [], published: [], logged: [] });
    // /voice sets the session, wherever the call is: it is not passed on.
    expect(passed.some((p) => p.text.startsWith('/voice'))).toBe(false);
  });

  test('a line passed here by another instance runs here, whatever the outcome; a call live here or held nowhere runs here too', async () => {
    let asked = 0;
    const nowhere: CallCommandRelay = { run: async () => { asked += 1; return undefined; } };
    const relayed = setup({ live: false, relay: nowhere });
    expect(await relayed.run('/hangup', { relayed: true })).toMatchObject({ ok: false, reply: 'no call' });
    expect(asked).toBe(0);
    expect(await relayed.run('/hold on')).toMatchObject({ ok: false, reply: 'no call' });
    expect(asked).toBe(1);
    const here = setup({ live: true, relay: nowhere });
    expect(await here.run('/hold on')).toMatchObject({ ok: true });
    expect(asked).toBe(1);
    expect(here.calls).toEqual([`hold ${SESSION} true`]);
  });

  test('from the attendant\'s phone (mobile_msg) and workchat, the call commands act on the call of the conversation they hold, here or on its holder', async () => {
    const here = setup();
    expect(await here.inbox({ bot: 'bot-1', channel: 'mobile_msg', who: { phone: '14155550199' }, text: '/hold on' }))
      .toEqual({ reply: expect.stringMatching(/^The call is on hold/), attendant_id: ANA.user_id });
    expect(await here.inbox({ bot: 'bot-1', channel: 'workchat', who: { email: 'ana@example.test' }, text: '/hangup' }))
      .toEqual({ reply: 'The call is ended.', attendant_id: ANA.user_id });
    expect(here.calls).toEqual([`hold ${SESSION} true`, `hangup ${SESSION}`]);
    const passed: string[] = [];
    const elsewhere = setup({ live: false, relay: { run: async ({ text, sessionId }) => { passed.push(`${text} ${sessionId}`); return { ok: true, reply: 'The call is ended.' }; } } });
    expect(await elsewhere.inbox({ bot: 'bot-1', channel: 'mobile_msg', who: { phone: '+1 415 555 0199' }, text: '/hangup' }))
      .toEqual({ reply: 'The call is ended.', attendant_id: ANA.user_id });
    expect(passed).toEqual([`/hangup ${SESSION}`]);
  });
});
