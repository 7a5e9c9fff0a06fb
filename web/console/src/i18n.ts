/**
 * The console's texts in the attendant's language (docs/configuration.md, "Languages"): the
 * `console` catalogues of locales/ through i18next and react-i18next (`useTranslation`). The
 * language is the one picked in the header (kept in this browser), else the first of the browser's
 * languages with a catalogue, else English.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGUES, DEFAULT_LANGUAGE, LANGUAGES, matchLanguage, type Language } from '../../../locales/index.js';

const STORAGE_KEY = 'switchboard-console:language';

function initialLanguage(): Language {
  let picked: string | null = null;
  try {
    picked = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage refused (private mode): the browser's languages decide
  }
  return matchLanguage([picked]) ?? matchLanguage(navigator.languages) ?? DEFAULT_LANGUAGE;
}

void i18next.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { console: CATALOGUES[language].console }])),
  supportedLngs: [...LANGUAGES],
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['console'],
  defaultNS: 'console',
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
});
document.documentElement.lang = i18next.language;
i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Switches the console to `language` and remembers the choice in this browser. */
export function pickLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not remembered: the choice lasts until the page reloads
  }
  void i18next.changeLanguage(language);
}

export { i18next as i18n };
