import type { SuggestedPerson } from '@acervo/contract/recommendation';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../testing/fixtures';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { PrivacyPanel } from './privacy-panel';
import { SuggestedPeople } from './suggested-people';

const person = (id: string, name: string, reason: SuggestedPerson['reason']): SuggestedPerson => ({
  id,
  name,
  picture: null,
  total_collections: 2,
  total_followers: 1,
  total_likes: 0,
  total_following: 0,
  followed_by_me: false,
  reason,
});

describe('people with similar taste', () => {
  it('phrases each reason in Portuguese and hides a person on "Não tenho interesse"', async () => {
    storeSession();
    const calls = stubFetch(
      {
        status: 200,
        body: {
          data: [
            person('p1', 'Téo', {
              code: 'rated_alike',
              params: { items: ['Central do Brasil', 'Cidade de Deus'], rating: 4.5 },
            }),
            person('p2', 'Rui', {
              code: 'shared_collections',
              params: { count: 3, category_name: 'Restaurantes' },
            }),
          ],
        },
      },
      { status: 200, body: { data: { id: 'p1', dismissed: true } } },
      { status: 200, body: { data: [] } },
    );
    const { user } = renderWithProviders(<SuggestedPeople card={(p) => <p>{p.name}</p>} />);
    expect(await screen.findByText('Vocês deram 4,5 para Central do Brasil e Cidade de Deus')).toBeVisible();
    expect(screen.getByText('3 coleções de Restaurantes em comum')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Não tenho interesse em Téo' }));
    expect(calls[1]!.url).toMatch(/\/api\/v1\/user\/p1\/not_interested$/);
    expect(calls[1]!.init?.method).toBe('PUT');
    await expect.poll(() => screen.queryByText('Téo')).toBeNull();
  });
});

describe('the privacy panel', () => {
  it('shows the stored switches and saves the LGPD opt-out', async () => {
    storeSession();
    const calls = stubFetch(
      { status: 200, body: { data: { personalize: true, share_activity: true } } },
      { status: 200, body: { data: { personalize: true, share_activity: false } } },
    );
    const { user } = renderWithProviders(<PrivacyPanel />);
    const share = await screen.findByRole('switch', {
      name: 'Usar minha atividade nas recomendações de outras pessoas',
    });
    expect(share).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Personalizar minhas recomendações' })).toBeChecked();
    await user.click(share);
    await user.click(screen.getByRole('button', { name: 'Salvar preferências' }));
    expect(await screen.findByText('Preferências salvas.')).toBeVisible();
    expect(calls[1]!.init?.method).toBe('PUT');
    expect(JSON.parse(String(calls[1]!.init?.body))).toEqual({ personalize: true, share_activity: false });
  });
});
