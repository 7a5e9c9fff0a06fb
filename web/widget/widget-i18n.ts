/**
 * The widget's texts in the visitor's language (docs/configuration.md, "Languages"): the `widget`
 * catalogues of locales/ through i18next. The language is the script tag's `data-language`, else
 * the bot's `language` setting, else the first of the browser's languages we have, else English.
 */
import i18next from 'i18next';
import { CATALOGUES, DEFAULT_LANGUAGE, LANGUAGES, matchLanguage, type Language } from '../../locales/index.js';

const widget = i18next.createInstance();
void widget.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { widget: CATALOGUES[language].widget }])),
  supportedLngs: [...LANGUAGES],
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['widget'],
  defaultNS: 'widget',
  initAsync: false,
  // The view escapes what it puts into HTML itself; most texts go in as textContent.
  interpolation: { escapeValue: false },
});

/** The widget catalogue's message `key` in the chosen language. */
export function t(key: string, values: Record<string, string | number> = {}): string {
  return widget.t(key, values);
}

/** The widget's language from its sources, most wanted first; English when none has a catalogue. */
export function chooseLanguage(sources: { attribute?: string | undefined; bot?: string | null | undefined; browser?: readonly string[] }): Language {
  return matchLanguage([sources.attribute, sources.bot]) ?? matchLanguage(sources.browser ?? []) ?? DEFAULT_LANGUAGE;
}

/** Speaks `language` from now on. */
export async function useLanguage(language: Language): Promise<void> {
  await widget.changeLanguage(language);
}

/** The language in use, for the panel's `lang` attribute. */
export function currentLanguage(): string {
  return widget.language;
}

const normalize = (text: string) => text.trim().replace(/[!.¡]/g, '').trim().toLowerCase();
const SURVEY_THANKS = new Set(
  LANGUAGES.map((language) => (CATALOGUES[language].server.survey as Record<string, unknown> | undefined)?.thanks)
    .filter((thanks): thanks is string => typeof thanks === 'string')
    .map(normalize),
);

/**
 * The engine's thanks for a survey score (`survey.thanks` of the server catalogues, sent in the
 * bot's language, which may not be the widget's): true when `text` is the thanks in any language
 * there is a catalogue for. The server sends it as plain text, so the widget knows it by its words,
 * as it knows the survey's question by its "0 to 10".
 */
export function isSurveyThanks(text: string): boolean {
  return SURVEY_THANKS.has(normalize(text));
}

