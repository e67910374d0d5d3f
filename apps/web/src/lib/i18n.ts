import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { pt } from '../locales/pt';

export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** localStorage key of the footer flags' choice; it survives logout. */
export const LANGUAGE_KEY = 'language';

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_KEY);
    return value === 'en' ? 'en' : 'pt';
  } catch {
    return 'pt';
  }
}

function reflectOnDocument(language: string): void {
  document.documentElement.lang = language === 'en' ? 'en' : 'pt-BR';
}

// Catalogues are bundled and initialised synchronously: the first render is already translated.
void i18n.use(initReactI18next).init({
  resources: { pt: { translation: pt }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
reflectOnDocument(i18n.language);
i18n.on('languageChanged', (language) => {
  reflectOnDocument(language);
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts until the tab closes.
  }
});

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'pt';
}

export { i18n };
