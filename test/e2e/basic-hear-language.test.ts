import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// A bot whose `language` is pt-BR re-asks HEAR's invalid answers in Portuguese, menus included
// (locales/pt-BR/server.json, "hear"); the same script without a language re-asks in English.

const SCRIPT = 'HEAR mail AS EMAIL\nHEAR choice AS "Vendas", "Suporte"\nTALK mail & " " & choice\n';
let bots: TestBots;
let service: TestService;

beforeAll(async () => {
  bots = await createTestBots('sb-hear-language-');
  await bots.add('brasil', { language: 'pt-BR' }, SCRIPT);
  await bots.add('plain', {}, SCRIPT);
  service = await startTestService({ BOTS_DIR: bots.dir });
});
afterAll(async () => {
  await service.dispose();
  await bots.remove();
});

async function conversation(bot: string, answers: string[]): Promise<string[]> {
  const first = await sayOnWeb(service.url, bot, 'oi');
  const said: string[] = [];
  for (const answer of answers) {
    const reply = await sayOnWeb(service.url, bot, answer, first.session_token);
    said.push(...reply.replies.map((r) => r.text));
  }
  return said;
}

test('the re-asks of a pt-BR bot are Portuguese', async () => {
  expect(await conversation('brasil', ['não sei', 'ana@example.com', 'talvez', 'suporte'])).toEqual([
    'Por favor, informe um e-mail válido, como nome@exemplo.com.',
    'Por favor, escolha uma das opções: Vendas, Suporte.',
    'ana@example.com Suporte',
  ]);
});

test('without a language they stay English', async () => {
  expect(await conversation('plain', ['no idea', 'ana@example.com', 'maybe'])).toEqual([
    'Please enter a valid email address, like name@example.com.',
    'Please choose one of: Vendas, Suporte.',
  ]);
});
