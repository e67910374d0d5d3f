import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../locales/en';
import { pt } from '../locales/pt';
import { i18n } from './i18n';

// i18next as it answers without our fast path (decision 038): a clone shares the instance's
// options and resource store (the English catalogue too, once fetched) but has i18next's own
// getFixedT.
const reference = i18n.cloneInstance();

type Key = { key: string; object: boolean };

/** Every path of the catalogue: each text, each object and array, each array element. */
function keysOf(value: unknown, prefix = ''): Key[] {
  if (typeof value !== 'object' || value === null) return [{ key: prefix, object: false }];
  const inner = Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
  return prefix ? [{ key: prefix, object: true }, ...inner] : inner;
}
// Both catalogues have the same shape (locales.test.ts); both are walked all the same.
const KEYS = [...new Map([...keysOf(pt), ...keysOf(en)].map((k) => [k.key, k])).values()];

/** A value for every placeholder the catalogues use, so interpolated texts come out whole. */
const VALUES = Object.fromEntries(
  [...JSON.stringify([pt, en]).matchAll(/{{\s*(\w+)\s*}}/g)].map(([, name]) => [name, `<${name}>`]),
);
const OPTIONS: (Record<string, unknown> | undefined)[] = [
  undefined,
  { count: 1 },
  { count: 2 },
  { ...VALUES, count: 3 },
  VALUES,
  { defaultValue: 'padrão' },
];

type T = (key: string, options?: Record<string, unknown>) => unknown;
/** The `t` react-i18next's useTranslation asks for (lib/i18n.ts's init has no keyPrefix). */
const fixedT = (instance: typeof i18n, language: string | null): T =>
  (instance.getFixedT as (...args: unknown[]) => T)(language, 'translation', undefined, {
    scopeNs: ['translation'],
  });

/** Every key's answer, without and with each of `options`, by ours and by i18next's. */
function answers(language: string | null, options: (Record<string, unknown> | undefined)[]) {
  const ours = fixedT(i18n, language);
  const theirs = fixedT(reference, language);
  const compare = (t: T) =>
    KEYS.flatMap(({ key, object }) => [
      t(key),
      ...options.map((o) => t(key, o)),
      ...(object ? [t(key, { returnObjects: true })] : []),
    ]);
  return { ours: compare(ours), theirs: compare(theirs) };
}

afterEach(async () => {
  await i18n.changeLanguage('pt');
  await reference.changeLanguage('pt');
  vi.restoreAllMocks();
});

describe('translations (decision 038)', () => {
  it('walks a catalogue of hundreds of keys, texts with placeholders among them', () => {
    expect(KEYS.filter((k) => !k.object).length).toBeGreaterThan(500);
    expect(Object.keys(VALUES)).toEqual(expect.arrayContaining(['name', 'count']));
  });

  it('answer every key of both catalogues as i18next does, with and without options', async () => {
    await i18n.changeLanguage('en');
    await reference.changeLanguage('en');
    for (const language of ['pt', 'en']) {
      const { ours, theirs } = answers(language, OPTIONS);
      expect(ours).toEqual(theirs);
    }
    // Not a vacuous comparison: the two languages say different things.
    expect(fixedT(i18n, 'en')('auth.login.title')).toBe('Log in to your account');
    expect(fixedT(i18n, 'pt')('auth.login.title')).toBe('Acesse sua conta');
  });

  it('answer in the current language as i18next does after switching back and forth', async () => {
    const keys = [...KEYS.map((k) => k.key), 'validation.undefined', 'no.such.key', ''];
    for (const language of ['en', 'pt', 'en', 'pt']) {
      await i18n.changeLanguage(language);
      await reference.changeLanguage(language);
      const { ours, theirs } = answers(null, []);
      expect(ours).toEqual(theirs);
      expect(keys.map((key) => i18n.exists(key))).toEqual(keys.map((key) => reference.exists(key)));
      expect(ours).toContain(language === 'en' ? 'Log in to your account' : 'Acesse sua conta');
    }
  });

  it('answer plain texts from the catalogue and leave everything else to i18next', () => {
    const i18nextT = vi.spyOn(i18n, 't');
    const t = fixedT(i18n, 'pt');
    expect(t('auth.login.title')).toBe('Acesse sua conta');
    expect(t('auth.login.title')).toBe('Acesse sua conta');
    expect(i18nextT).not.toHaveBeenCalled();
    // Interpolation, a missing key and an object go through i18next.
    expect(t('common.footer.rights', { year: 2026 })).toContain('2026');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('help.faq')).toBe(fixedT(reference, 'pt')('help.faq'));
    expect(i18nextT).toHaveBeenCalledTimes(3);
    // A key prefix is i18next's business too.
    const prefixed = (instance: typeof i18n) =>
      (instance.getFixedT as (...args: unknown[]) => T)('pt', 'translation', 'auth.login')('title');
    expect(prefixed(i18n)).toBe('Acesse sua conta');
    expect(prefixed(reference)).toBe('Acesse sua conta');
    expect(i18nextT).toHaveBeenCalledTimes(4);
  });

  it('see texts added after start, and fall back to Portuguese for a key English lacks', async () => {
    await i18n.changeLanguage('en');
    const t = fixedT(i18n, 'en');
    expect(t('decision038.onlyPortuguese')).toBe('decision038.onlyPortuguese');
    expect(i18n.exists('decision038.onlyPortuguese')).toBe(false);
    i18n.addResource('pt', 'translation', 'decision038.onlyPortuguese', 'Só em português');
    expect(t('decision038.onlyPortuguese')).toBe('Só em português');
    expect(i18n.exists('decision038.onlyPortuguese')).toBe(true);
    i18n.addResourceBundle('en', 'translation', { decision038: { onlyPortuguese: 'English too' } }, true);
    expect(t('decision038.onlyPortuguese')).toBe('English too');
    expect(fixedT(i18n, 'pt')('decision038.onlyPortuguese')).toBe('Só em português');
  });

  it('forget a text the catalogue replaces, and leave nesting to i18next', () => {
    const t = fixedT(i18n, 'pt');
    i18n.addResource('pt', 'translation', 'decision038.replaced', 'Primeiro');
    expect(t('decision038.replaced')).toBe('Primeiro');
    i18n.addResourceBundle('pt', 'translation', { decision038: { replaced: 'Segundo' } }, true, true);
    expect(t('decision038.replaced')).toBe('Segundo');
    i18n.addResource('pt', 'translation', 'decision038.nested', 'Veja: $t(auth.login.title)');
    expect(t('decision038.nested')).toBe('Veja: Acesse sua conta');
  });

  it('redraw a component in the other language when the language changes', async () => {
    function Title() {
      const { t } = useTranslation();
      return <h1>{t('auth.login.title')}</h1>;
    }
    render(<Title />);
    expect(screen.getByRole('heading')).toHaveTextContent('Acesse sua conta');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading')).toHaveTextContent('Log in to your account');
    await act(() => i18n.changeLanguage('pt'));
    expect(screen.getByRole('heading')).toHaveTextContent('Acesse sua conta');
  });
});
