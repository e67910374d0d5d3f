import i18n, { type BackendModule } from 'i18next';
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

/**
 * Answers i18next would give, remembered per language and key until a catalogue or the language
 * changes (decision 038): i18next runs its whole pipeline on every call (options copied, the key
 * and namespace parsed, the fallback languages walked, interpolation and nesting passes), which
 * was a large share of a page's first render.
 */
const remembered = new Map<string, unknown>();
function remember<T>(key: string, answer: () => T): T {
  if (!remembered.has(key)) remembered.set(key, answer());
  return remembered.get(key) as T;
}
const forget = () => remembered.clear();
// The English catalogue arrives after start (resources added), and a language switch starts afresh.
i18n.store.on('added', forget);
i18n.store.on('removed', forget);
i18n.on('languageChanged', forget);

/**
 * A key's text in a language's catalogue when i18next would answer it unchanged: a plain string
 * (no `{{interpolation}}`, no `$t(nesting)`, not empty); null when i18next must answer (an object,
 * a missing key, a language without a catalogue such as i18next's `cimode`).
 */
function plainText(language: string, key: string): string | null {
  // ':' would name a namespace and '###' is i18next's escaped dot: both mean more than a path.
  if (key.includes(':') || key.includes('###')) return null;
  let node: unknown = i18n.store.data[language]?.translation;
  // The walk of i18next's getPath: '.' separates the levels, own properties only.
  for (const part of key.split('.')) {
    const inside = typeof node === 'object' && node !== null && Object.hasOwn(node, part);
    node = inside ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' && node && !/{{|\$t\(/.test(node) ? node : null;
}

type LooseT = (...args: unknown[]) => unknown;
// i18next types getFixedT and exists for typed keys; these wrappers pass any call through.
const i18nextGetFixedT = i18n.getFixedT as unknown as (...args: unknown[]) => LooseT;
const i18nextExists = i18n.exists as (...args: unknown[]) => boolean;

/**
 * The `t` of every `useTranslation`: a key without options whose text is plain comes from the
 * catalogue; everything else (options, missing keys, the Portuguese fallback of a key English
 * lacks, a key prefix, another namespace) goes to i18next's own `t`.
 */
i18n.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown, fixedOptions: unknown) => {
  const i18nextT = i18nextGetFixedT(lng, ns, keyPrefix, fixedOptions);
  if (keyPrefix || (ns ?? 'translation') !== 'translation' || (lng != null && typeof lng !== 'string'))
    return i18nextT;
  const t = (key: unknown, ...rest: unknown[]) => {
    // Without a fixed language i18next answers in the current one; `t(key, undefined)` has no options.
    const language = (lng ?? i18n.language) as string;
    const text =
      typeof key === 'string' && rest.length < 2 && rest[0] === undefined
        ? remember(`t ${language} ${key}`, () => plainText(language, key))
        : null;
    return text ?? i18nextT(key, ...rest);
  };
  // The fixed language, namespace and key prefix i18next and react-i18next read from a `t`.
  return Object.assign(t, i18nextT);
}) as unknown as typeof i18n.getFixedT;

// Each form field asks on every render whether its error code has a text (use-contract-form.ts).
i18n.exists = ((key: unknown, ...rest: unknown[]) =>
  typeof key === 'string' && !rest.length
    ? remember(`e ${i18n.language} ${key}`, () => i18nextExists(key))
    : i18nextExists(key, ...rest)) as typeof i18n.exists;

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

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'pt';
}

export { i18n };
