import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../locales/index.js';
import { pickLanguage } from './i18n.js';

/** The console's language, for this browser (docs/configuration.md, "Languages"). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-picker">
      {t('app.language')}{' '}
      <select value={i18n.language} onChange={(e) => pickLanguage(e.target.value as Language)}>
        {LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{LANGUAGE_NAMES[l]}</option>)}
      </select>
    </label>
  );
}
