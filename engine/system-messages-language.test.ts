import { memoryEngine, type MemoryEngine } from '../test/support/engine-memory/memory-engine.js';
import { inbound } from '../test/support/test-channel.js';
import { receiveMessage } from './receive-message.js';
import { resolveSession } from './resolve-session.js';
import { SURVEY_CONTEXT_KEY, SURVEY_THANKS } from './survey-answer.js';
import { WAIT_MESSAGE } from './transfer-to-human.js';

// The engine's own messages to customers (the transfer's wait notice, the survey's thanks) come in
// the bot's `language` (docs/configuration.md, "Languages"); English when it sets none.

const HANDOFF = 'TRANSFER TO HUMAN "support"\n';
let engine: MemoryEngine;
beforeEach(() => {
  engine = memoryEngine({
    bots: [
      { name: 'english', scripts: { start: HANDOFF } },
      { name: 'brasil', scripts: { start: HANDOFF }, config: { language: 'pt-BR' } },
      { name: 'espana', scripts: { start: HANDOFF }, config: { language: 'es' } },
    ],
  });
});

const systemLines = async (bot: string, text: string, customer: string) =>
  (await receiveMessage(engine.deps.turn, inbound(bot, text, { customer }))).replies.filter((r) => r.from === 'system').map((r) => r.text);

/** Transfers, resolves with the survey's mark, and answers the survey: the system's two lines. */
async function transferAndScore(bot: string): Promise<string[]> {
  const customer = `c-${bot}`;
  const wait = await systemLines(bot, 'hi', customer);
  const session = [...engine.tables.sessions.values()].find((s) => s.external_user_id === customer)!;
  await resolveSession(engine.deps.resolve, session.id, { [SURVEY_CONTEXT_KEY]: { asked_at: new Date().toISOString() } });
  return [...wait, ...await systemLines(bot, '9', customer)];
}

test('a bot whose language is pt-BR tells the wait and thanks for the score in Portuguese', async () => {
  expect(await transferAndScore('brasil')).toEqual([
    'Você está sendo transferido para um atendente humano. Por favor, aguarde: logo alguém vai falar com você.',
    'Obrigado pela sua avaliação!',
  ]);
});

test('a bot whose language is es speaks Spanish', async () => {
  expect(await transferAndScore('espana')).toEqual([
    'Te estamos transfiriendo a un agente humano. Por favor, espera: alguien te atenderá en breve.',
    '¡Gracias por tu opinión!',
  ]);
});

test('a bot that sets no language speaks English', async () => {
  expect(await transferAndScore('english')).toEqual([WAIT_MESSAGE, SURVEY_THANKS]);
});
