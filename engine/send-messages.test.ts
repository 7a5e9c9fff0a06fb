import { memoryEngine } from '../test/support/engine-memory/memory-engine.js';
import { inbound, TestAdapter } from '../test/support/test-channel.js';
import type { OutboundMessage } from './messages.js';
import { receiveMessage } from './receive-message.js';
import { sendMessages } from './send-messages.js';

/** A channel that hands messages over itself (the web widget) and speaks them by attaching audio. */
class SpeakingInlineAdapter extends TestAdapter {
  readonly delivery = 'inline';
  readonly spoken: { text: string; botId: string }[] = [];
  async withSpeech(message: OutboundMessage, botId: string): Promise<OutboundMessage> {
    this.spoken.push({ text: message.text, botId });
    return { ...message, attachments: [...(message.attachments ?? []), { type: 'audio', url: 'https://x.test/spoken.wav', voice: true }] };
  }
}

test('an attendant\'s message under /voice on is spoken by an inline channel before it is stored and published; others go as text', async () => {
  const web = new SpeakingInlineAdapter('web');
  const engine = memoryEngine({ bots: [{ name: 'echo', scripts: { start: 'TALK "hi"' } }], adapters: [web] });
  const first = await receiveMessage(engine.deps.turn, inbound('echo', 'hello', { channel: 'web', customer: 'visitor-1' }));
  const sessionId = first.session_id!;
  const attendant = (text: string): OutboundMessage => ({ session_id: sessionId, channel: 'web', to: 'visitor-1', text, from: 'attendant' });

  await sendMessages(engine.deps.send, [attendant('typed, voice off')]);
  expect(web.spoken).toEqual([]);

  // What `/voice on` sets (engine/voice-response.ts).
  engine.tables.sessions.get(sessionId)!.context_data = { voice_response: true };
  const [sent] = await sendMessages(engine.deps.send, [attendant('spoken, voice on'), { ...attendant('a notice'), from: 'system' }]);
  expect(web.spoken).toEqual([{ text: 'spoken, voice on', botId: engine.bots.get('echo')!.id }]);
  expect(sent).toMatchObject({ voice_reply: true, attachments: [{ type: 'audio', voice: true }] });
  const published = engine.published.map((p) => p.message as { text: string; attachments?: unknown[] });
  expect(published.find((m) => m.text === 'spoken, voice on')?.attachments).toEqual([{ type: 'audio', url: 'https://x.test/spoken.wav', voice: true }]);
  expect(published.find((m) => m.text === 'a notice')?.attachments).toBeUndefined();
});
