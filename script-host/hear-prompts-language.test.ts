import { englishPrompt, HEAR_PROMPTS, type HearPrompt } from '../basic-interpreter/index.js';
import { translate } from '../infra/i18n.js';

// HEAR's re-asks go out in the bot's language through the `hear` messages of the server
// catalogues (run-bot-turn.ts); without a language they must read exactly as the interpreter's
// own English (basic-interpreter/keywords/hear-prompts.ts), which its transcripts check.

const keys = Object.keys(HEAR_PROMPTS) as HearPrompt['key'][];
const params = { options: 'Vendas, Suporte' };

test('the English catalogue says what the interpreter says, for every prompt', () => {
  for (const key of keys) {
    expect({ key, text: translate(undefined, `hear.${key}`, params) }).toEqual({ key, text: englishPrompt({ key, params }) });
  }
});

test('Portuguese and Spanish have their own text for every prompt, with the menu\'s options', () => {
  for (const language of ['pt-BR', 'es']) {
    for (const key of keys) {
      const text = translate(language, `hear.${key}`, params);
      expect({ language, key, english: text === englishPrompt({ key, params }) }).toEqual({ language, key, english: false });
    }
  }
  expect(translate('pt-BR', 'hear.menu', params)).toBe('Por favor, escolha uma das opções: Vendas, Suporte.');
  expect(translate('es-MX', 'hear.email')).toBe('Por favor, escribe un correo electrónico válido, como nombre@ejemplo.com.');
});
