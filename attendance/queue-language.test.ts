import { defaultBotConfig, type BotConfig } from '../config/index.js';
import type { OutboundMessage, SessionSnapshot } from '../engine/index.js';
import { conversation, fakeConversations, fakeRepositories } from '../test/support/attendance-fakes.js';
import { queueConversation, queueMessage } from './queue-conversation.js';

// The customer reads where they stand in the bot's `language` (docs/configuration.md, "Languages"),
// with the plural of each language; English stays the default.

const session: SessionSnapshot = {
  id: 's-1', bot_id: 'bot-1', user_id: 'u-1', channel: 'web', external_user_id: 'visitor-1', needs_human: true, context_data: {},
};
const inbound = { channel: 'web' as const, bot: 'bot-1', customer: { external_id: 'v' }, text: 'help', attachments: [], received_at: new Date(), raw: null };

/** What a bot of `language` tells the customer when its queue holds `waiting` items out of `size`. */
async function told(language: string | undefined, waiting: number, size = 5): Promise<string[]> {
  const config: BotConfig = {
    ...defaultBotConfig(), ...(language ? { language } : {}),
    'attendance-auto-assign': false, 'attendance-queue-size': size, 'attendance-max-wait-seconds': 120,
  };
  const sent: OutboundMessage[] = [];
  const rows = Array.from({ length: waiting }, (_, i) => conversation(`w-${i}`, { status: 'waiting' }));
  const deps = {
    repos: fakeRepositories({ conversations: fakeConversations(rows), queues: { list: async () => [] }, events: { append: async () => undefined as never } }),
    config: () => config, now: () => new Date('2026-01-01T12:00:00Z'),
    notify: async (messages: OutboundMessage[]) => { sent.push(...messages); },
  };
  await queueConversation(deps, { session, inbound });
  return sent.map((m) => m.text);
}

test('the queue position comes out in Portuguese (Brazil) for a bot whose language is pt-BR', async () => {
  expect(await told('pt-BR', 0)).toEqual(['Você é o número 1 na fila. Espera estimada: cerca de 2 minutos.']);
});

test('the queue position comes out in Spanish for a bot whose language is es (or es-MX)', async () => {
  expect(await told('es', 2)).toEqual(['Eres el número 3 en la fila. Espera estimada: unos 2 minutos.']);
  expect(await told('es-MX', 0)).toEqual(['Eres el número 1 en la fila. Espera estimada: unos 2 minutos.']);
});

test('a bot that sets no language, or one without a catalogue, speaks English', async () => {
  expect(await told(undefined, 0)).toEqual(['You are number 1 in the queue. Estimated wait: about 2 minutes.']);
  expect(await told('fr', 0)).toEqual(['You are number 1 in the queue. Estimated wait: about 2 minutes.']);
});

test('one minute is singular, in every language', () => {
  expect(queueMessage(1, 30)).toBe('You are number 1 in the queue. Estimated wait: about 1 minute.');
  expect(queueMessage(1, 30, 'pt-BR')).toBe('Você é o número 1 na fila. Espera estimada: cerca de 1 minuto.');
  expect(queueMessage(1, 30, 'es')).toBe('Eres el número 1 en la fila. Espera estimada: unos 1 minuto.');
});

test('a full queue is told in the bot\'s language', async () => {
  expect(await told('pt-BR', 2, 2)).toEqual([expect.stringMatching(/^Desculpe, todos os nossos atendentes estão ocupados/)]);
  expect(await told('es', 2, 2)).toEqual([expect.stringMatching(/^Lo sentimos, todos nuestros agentes están ocupados/)]);
});
