import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY, i18n, knownKey } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('pt');
});

describe('translations', () => {
  it('redraw a component in the other language, and remember the choice on the page and in storage', async () => {
    function Title() {
      const { t } = useTranslation();
      return <h1>{t('auth.login.title')}</h1>;
    }
    render(<Title />);
    expect(screen.getByRole('heading')).toHaveTextContent('Acesse sua conta');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading')).toHaveTextContent('Log in to your account');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    await act(() => i18n.changeLanguage('pt'));
    expect(screen.getByRole('heading')).toHaveTextContent('Acesse sua conta');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('take a key built from a code only when the catalogue has it', () => {
    expect(knownKey('validation.tooLong', 'validation.invalid')).toBe('validation.tooLong');
    expect(knownKey('validation.SOMETHING_NEW', 'validation.invalid')).toBe('validation.invalid');
  });
});
