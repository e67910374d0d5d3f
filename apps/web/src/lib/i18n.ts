import i18n, { type BackendModule, type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pt } from '../locales/pt';
import type { Catalog } from '../locales/types';

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
  // The build's prerender (src/prerender.tsx) runs this module in Node, where there is no page.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language === 'en' ? 'en' : 'pt-BR';
}

/**
 * Only Portuguese, the default, is in the first chunk (decision 026): the English catalogue is a
 * chunk of its own, fetched before the first render when English is the stored choice, and by
 * `changeLanguage('en')` (i18next waits for it before it switches).
 */
const englishOnDemand: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (language !== 'en') return callback(null, {});
    import('../locales/en').then(
      ({ en }) => callback(null, en),
      (error: Error) => callback(error, false),
    );
  },
};

/** Resolves once the stored language's catalogue is in: main.tsx renders after it. */
export const i18nReady = i18n
  .use(englishOnDemand)
  .use(initReactI18next)
  .init({
    resources: { pt: { translation: pt } },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: 'pt',
    supportedLngs: LANGUAGES,
    // Portuguese is bundled: the app renders at once (tests too); English resolves i18nReady later.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
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

/**
 * Portuguese texts that are not in the first chunk (locales/types.ts): a page or feature adds its
 * own as its module loads, before it renders. English has them in its own chunk already.
 */
export function addPortugueseTexts(texts: Partial<Catalog>): void {
  i18n.addResourceBundle('pt', 'translation', texts, true, false);
}

/** A key of the catalogue (locales/i18next.d.ts types `t`'s keys: a missing one fails `tsc`). */
export type TextKey = ParseKeys;

/** `key` when the catalogue has it (a code a newer server sends, say), else `fallback`. */
export function knownKey(key: string, fallback: TextKey): TextKey {
  return i18n.exists(key) ? (key as TextKey) : fallback;
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'pt';
}

export { i18n };
