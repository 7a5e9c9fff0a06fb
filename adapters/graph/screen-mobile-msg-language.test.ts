import type { InboundMessage, OutboundMessage } from '../../engine/index.js';
import type { GraphAdapter } from './graph-adapter.js';
import { createMobileMsgScreen, VOICE_NOT_UNDERSTOOD } from './screen-mobile-msg.js';

// A voice note the bot cannot understand (no voice service) is answered in the bot's `language`
// (docs/configuration.md, "Languages"); English when it sets none.

const voiceNote = (bot: string): InboundMessage => ({
  channel: 'mobile_msg', bot, customer: { external_id: '5511912345678' }, text: '',
  attachments: [{ type: 'audio', voice: true, media_id: 'media-1', mime_type: 'audio/ogg' }], received_at: new Date(), raw: null,
});

async function answerTo(bot: string): Promise<string[]> {
  const sent: OutboundMessage[] = [];
  const adapter = { send: async (message: OutboundMessage) => { sent.push(message); return {}; } } as unknown as GraphAdapter;
  const screen = createMobileMsgScreen({
    adapter, voiceFor: () => undefined, languageOf: (name) => ({ brasil: 'pt-BR', espana: 'es' } as Record<string, string>)[name],
  });
  expect(await screen(voiceNote(bot))).toBeNull();
  return sent.map((m) => m.text);
}

test('without a voice service the customer is told in the bot\'s language', async () => {
  expect(await answerTo('brasil')).toEqual(['Desculpe, ainda não consigo entender mensagens de voz aqui. Você poderia escrever sua mensagem?']);
  expect(await answerTo('espana')).toEqual(['Lo sentimos, todavía no podemos entender notas de voz aquí. ¿Podrías escribir tu mensaje?']);
  expect(await answerTo('default')).toEqual([VOICE_NOT_UNDERSTOOD]);
});
