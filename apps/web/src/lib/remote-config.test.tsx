import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '../components/layout/site-footer';
import { renderWithProviders, stubFetch, stubRemoteConfig } from '../testing/render';

describe("the deployment's settings", () => {
  it('come from the API at run time: the footer shows the configured contact address', async () => {
    stubRemoteConfig({ contact_email: 'fale@exemplo.com.br' });
    stubFetch();
    renderWithProviders(<SiteFooter />);
    const link = await screen.findByRole('link', { name: 'fale@exemplo.com.br' });
    expect(link).toHaveAttribute('href', 'mailto:fale@exemplo.com.br');
  });

  it('fall back to safe defaults when the API cannot be reached', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    renderWithProviders(<SiteFooter />);
    expect(await screen.findByRole('link', { name: 'contato@acervo.app' })).toBeInTheDocument();
  });
});
