import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { RichText } from './rich-text';

describe('RichText (a translated sentence with elements inside)', () => {
  afterEach(() => i18n.changeLanguage('pt'));

  it('wraps each tagged part of the sentence in its element and keeps the words around them', () => {
    const { container } = render(
      <p>
        <RichText
          i18nKey="auth.register.agreement"
          components={{ terms: <a href="/terms-use" />, privacy: <a href="/privacy-policy" /> }}
        />
      </p>,
    );
    expect(container).toHaveTextContent(
      'Ao criar uma conta, você concorda com os Termos de uso e a Política de privacidade.',
    );
    expect(screen.getByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', '/terms-use');
    expect(screen.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });

  it('interpolates values and follows the language', async () => {
    await i18n.changeLanguage('en');
    render(
      <RichText
        i18nKey="contact.directEmail"
        values={{ email: 'contato@acervo.app' }}
        components={{ mail: <a href="mailto:contato@acervo.app" /> }}
      />,
    );
    expect(screen.getByRole('link', { name: 'contato@acervo.app' })).toHaveAttribute(
      'href',
      'mailto:contato@acervo.app',
    );
    expect(screen.getByText(/You can also write to/)).toBeInTheDocument();
  });

  it('leaves a tag without an element as the text it is', () => {
    const { container } = render(<RichText i18nKey="auth.register.agreement" components={{}} />);
    expect(container.textContent).toContain('<terms>Termos de uso</terms>');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
