import { conversation, fakeConversations, fakeRepositories } from '../../test/support/attendance-fakes.js';
import { meetingCommand, voiceRefusal, type AttendantMeetingsPort } from './meeting-commands.js';

// `/voice on|off` (docs/meetings.md, "In attendance"): every channel with voice takes it; text-only channels refuse it.

const attendant = { user_id: 'ana', roles: ['attendant'] };

function run(channel: string, on: boolean) {
  const set: { sessionId: string; on: boolean }[] = [];
  const meetings = { setVoice: async (input: { sessionId: string; on: boolean }) => { set.push(input); } } as unknown as AttendantMeetingsPort;
  const repos = fakeRepositories({ conversations: fakeConversations([conversation(`s-${channel}`, { channel, status: 'active', assigned_to: 'ana' })]) });
  return meetingCommand({ repos, meetings }, attendant, { action: 'voice', on }, `s-${channel}`).then((result) => ({ result, set }));
}

test.each(['mobile_msg', 'bot_msg', 'workchat', 'web', 'rtc_sip'])('/voice on and off set voice_response on %s', async (channel) => {
  const on = await run(channel, true);
  expect(on.result).toMatchObject({ ok: true, session_id: `s-${channel}`, reply: expect.stringContaining('Voice replies are on') });
  expect(on.set).toEqual([{ sessionId: `s-${channel}`, on: true }]);
  const off = await run(channel, false);
  expect(off.result).toMatchObject({ ok: true, reply: 'Voice replies are off.' });
  expect(off.set).toEqual([{ sessionId: `s-${channel}`, on: false }]);
});

test.each(['sms', 'social_dm', 'page_msg'])('/voice on is refused on %s with a clear message, and nothing is set', async (channel) => {
  const { result, set } = await run(channel, true);
  expect(result).toEqual({ ok: false, reply: voiceRefusal(channel), session_id: `s-${channel}` });
  expect(result.reply).toBe(`Voice replies are not available on ${channel}: that channel carries text only, so your replies stay text.`);
  expect(set).toEqual([]);
});
