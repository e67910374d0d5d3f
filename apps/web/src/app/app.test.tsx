import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountProfile } from '../features/users/components/account-form';
import { renderWithProviders, signInTestSession, stubFetch, testAccount } from '../testing/render';
import { createQueryClient } from './app';

describe("the app's answers cache", () => {
  it('shows a refusal at once: a 404 is not asked again', async () => {
    signInTestSession();
    const calls = stubFetch(
      { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Não encontrado.' } } },
      { status: 200, body: { data: testAccount } },
    );
    renderWithProviders(<AccountProfile />, { client: createQueryClient() });
    // With a retry, the message would show only after a second call.
    expect(await screen.findByText('Ocorreu um erro ao buscar os dados da conta.')).toBeVisible();
    expect(calls).toHaveLength(1);
  });

  it('tries once more when no answer came, and shows what the second try brought', async () => {
    signInTestSession();
    const calls = stubFetch(new TypeError('Failed to fetch'), { status: 200, body: { data: testAccount } });
    renderWithProviders(<AccountProfile />, { client: createQueryClient() });
    // React Query waits a second before the retry.
    expect(await screen.findByLabelText('Aniversário', undefined, { timeout: 5000 })).toHaveValue(
      '07/02/1990',
    );
    expect(calls).toHaveLength(2);
  });
});
