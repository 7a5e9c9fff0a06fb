/**
 * What the server says to customers in their language (docs/configuration.md, "Languages"): the
 * `server` catalogues of locales/ through one i18next instance, built once at import. The bot's
 * `language` picks the language; a key a catalogue lacks falls back to English, and plurals follow
 * each language's rules (`queue.position_one`, `_many`, `_other`).
 */
import i18next from 'i18next';
import { CATALOGUES, DEFAULT_LANGUAGE, LANGUAGES, matchLanguage, type Language } from '../locales/index.js';

export { LANGUAGES, DEFAULT_LANGUAGE, matchLanguage, type Language } from '../locales/index.js';

const server = i18next.createInstance();
// The resources are in memory, so init is synchronous: translations work as soon as this module loads.
void server.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { server: CATALOGUES[language].server }])),
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['server'],
  defaultNS: 'server',
  initAsync: false,
  // Customer texts go out as plain text, never HTML: nothing to escape.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Values a message interpolates (`{{position}}`); `count` also picks the plural form. */
export type MessageValues = Record<string, string | number>;

/**
 * The `server` catalogue's message `key` in the language of `tag` (a bot's `language`, any BCP 47
 * tag): Portuguese for `pt-*`, Spanish for `es-*`, English for anything else or nothing.
 */
export function translate(tag: string | undefined, key: string, values: MessageValues = {}): string {
  const lng: Language = matchLanguage([tag]) ?? DEFAULT_LANGUAGE;
  return server.t(key, { ...values, lng });
}
