/**
 * The message catalogues (locales/README.md): one JSON file per language and namespace, edited by
 * translators, read by the server (infra/i18n.ts), the widget and the console alike. Pure data and
 * one rule, no I/O, so the browser bundles take them as they are.
 */
import enConsole from './en/console.json' with { type: 'json' };
import enServer from './en/server.json' with { type: 'json' };
import enWidget from './en/widget.json' with { type: 'json' };
import esConsole from './es/console.json' with { type: 'json' };
import esServer from './es/server.json' with { type: 'json' };
import esWidget from './es/widget.json' with { type: 'json' };
import ptBRConsole from './pt-BR/console.json' with { type: 'json' };
import ptBRServer from './pt-BR/server.json' with { type: 'json' };
import ptBRWidget from './pt-BR/widget.json' with { type: 'json' };

/** The languages there are catalogues for, as BCP 47 tags; English is the fallback of every key. */
export const LANGUAGES = ['en', 'pt-BR', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** One namespace's messages: nested objects of strings, keys joined with dots (`queue.full`). */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

/** Every catalogue, by language and namespace, in the shape i18next takes as `resources`. */
export const CATALOGUES: Record<Language, Record<'server' | 'widget' | 'console', Catalogue>> = {
  en: { server: enServer, widget: enWidget, console: enConsole },
  'pt-BR': { server: ptBRServer, widget: ptBRWidget, console: ptBRConsole },
  es: { server: esServer, widget: esWidget, console: esConsole },
};

/** Each language by its own name, for a language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'pt-BR': 'Português (Brasil)', es: 'Español' };

/**
 * The first of `tags` (most wanted first: a bot's `language`, then `navigator.languages`) that we
 * have a catalogue for, by its language: `pt`, `pt-PT` and `pt-BR` all read Portuguese (Brazil),
 * `es-MX` Spanish, `en-GB` English. Undefined when none matches, so the caller can try the next source.
 */
export function matchLanguage(tags: readonly (string | null | undefined)[]): Language | undefined {
  for (const tag of tags) {
    const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
    const found = LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === base);
    if (found) return found;
  }
  return undefined;
}
