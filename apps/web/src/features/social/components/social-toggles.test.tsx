import type { Collection } from '@acervo/contract/collection';
import type { UserProfile } from '@acervo/contract/user';
import { skipToken, useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sharedKeys } from '../../../lib/query-keys';
import { gate, renderWithProviders, stubFetch, testQueryClient } from '../../../testing/render';
import { aCollection, storeSession } from '../../../testing/fixtures';
import { CollectionBannerActions, CollectionCardActions } from './collection-actions';
import { FollowUserButton } from './follow-button';

const collection = aCollection({ followers: 3, likes: 7 });

/** Screens show what the cache holds; these read the collection and the profile from it. */
function CachedCard() {
  const { data } = useQuery<Collection>({ queryKey: sharedKeys.collection('c1'), queryFn: skipToken });
  return data ? <CollectionCardActions collection={data} /> : null;
}
function CachedBanner() {
  const { data } = useQuery<Collection>({ queryKey: sharedKeys.collection('c1'), queryFn: skipToken });
  return data ? <CollectionBannerActions collection={data} /> : null;
}
function CachedProfile() {
  const { data } = useQuery<UserProfile>({ queryKey: sharedKeys.user('u1'), queryFn: skipToken });
  return data ? (
    <>
      <p data-testid="followers">{data.total_followers}</p>
      <FollowUserButton user={data} size="md" />
    </>
  ) : null;
}

function cached(key: readonly unknown[], value: unknown) {
  const client = testQueryClient();
  client.setQueryData(key, value);
  return client;
}

describe('the heart on a card', () => {
  it('fills and counts at once, then takes the server’s total and says so', async () => {
    storeSession('u2');
    const held = gate();
    const calls = stubFetch({
      status: 200,
      body: { data: { liked: true, total_likes: 9 } },
      gate: held.promise,
    });
    const { user } = renderWithProviders(<CachedCard />, {
      client: cached(sharedKeys.collection('c1'), collection),
    });
    const heart = screen.getByRole('button', { name: 'Curtir Filmes que revejo' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('7 curtidas')).toBeInTheDocument();

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('8 curtidas')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/v1/collection/c1/like', init: { method: 'PUT' } });

    held.open();
    expect(await screen.findByText('9 curtidas')).toBeInTheDocument();
    expect(screen.getByText('Você curtiu Filmes que revejo.')).toHaveAttribute('role', 'status');
    expect(heart).toHaveFocus();
  });

  it('goes back and says why when the server refuses', async () => {
    storeSession('u2');
    stubFetch({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } });
    const { user } = renderWithProviders(<CachedCard />, {
      client: cached(sharedKeys.collection('c1'), collection),
    });
    const heart = screen.getByRole('button', { name: 'Curtir Filmes que revejo' });
    await user.click(heart);
    expect(
      await screen.findByText('Não foi possível curtir Filmes que revejo. Por favor, tente novamente.'),
    ).toBeVisible();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('7 curtidas')).toBeInTheDocument();
  });

  it('is only a count on one’s own collection', () => {
    storeSession('u1');
    stubFetch();
    renderWithProviders(<CachedCard />, { client: cached(sharedKeys.collection('c1'), collection) });
    expect(screen.getByText('7 curtidas')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('following', () => {
  it('follows a collection from the banner and unfollows it with the keyboard', async () => {
    storeSession('u2');
    stubFetch(
      { status: 200, body: { data: { following: true, total_followers: 4 } } },
      { status: 200, body: { data: { following: false, total_followers: 3 } } },
    );
    const { user } = renderWithProviders(<CachedBanner />, {
      client: cached(sharedKeys.collection('c1'), collection),
    });
    const follow = screen.getByRole('button', { name: 'Seguir Filmes que revejo' });
    follow.focus();
    await user.keyboard('{Enter}');
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Agora você segue Filmes que revejo.')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(await screen.findByText('Você deixou de seguir Filmes que revejo.')).toBeInTheDocument();
    expect(follow).toHaveAttribute('aria-pressed', 'false');
  });

  const ana: UserProfile = {
    id: 'u1',
    name: 'Ana',
    picture: null,
    total_collections: 2,
    total_followers: 5,
    total_likes: 0,
    total_following: 1,
    followed_by_me: false,
  };

  it('rolls a person’s follow back, counter included, when the daily cap answers 429', async () => {
    storeSession('u2');
    const held = gate();
    stubFetch({
      status: 429,
      body: { error: { code: 'RATE_LIMITED', message: 'x' } },
      gate: held.promise,
    });
    const { user } = renderWithProviders(<CachedProfile />, {
      client: cached(sharedKeys.user('u1'), ana),
    });
    await user.click(screen.getByRole('button', { name: 'Seguir Ana' }));
    expect(screen.getByTestId('followers')).toHaveTextContent('6');
    held.open();
    expect(await screen.findByText('Muitas tentativas. Aguarde um pouco e tente novamente.')).toBeVisible();
    expect(screen.getByTestId('followers')).toHaveTextContent('5');
    expect(screen.getByRole('button', { name: 'Seguir Ana' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says why a follow past the ceiling is refused, and rolls it back', async () => {
    storeSession('u2');
    stubFetch({ status: 409, body: { error: { code: 'FOLLOWS_FULL', message: 'x' } } });
    const { user } = renderWithProviders(<CachedProfile />, {
      client: cached(sharedKeys.user('u1'), ana),
    });
    await user.click(screen.getByRole('button', { name: 'Seguir Ana' }));
    expect(
      await screen.findByText(
        'Você já segue o máximo de pessoas e coleções. Deixe de seguir alguma para seguir outra.',
      ),
    ).toBeVisible();
    expect(screen.getByTestId('followers')).toHaveTextContent('5');
    expect(screen.getByRole('button', { name: 'Seguir Ana' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe("'Salvar em minhas coleções'", () => {
  it('asks who may see the copy, saves it public when asked and leads to it', async () => {
    storeSession('u2');
    const copy = {
      ...collection,
      id: 'c9',
      user_id: 'u2',
      saved_from: { id: 'c1', name: collection.name, user_id: 'u1', user_name: 'Ana' },
    };
    const calls = stubFetch({ status: 201, body: { data: copy } });
    const { user } = renderWithProviders(<CachedBanner />, {
      client: cached(sharedKeys.collection('c1'), collection),
    });
    await user.click(screen.getByRole('button', { name: 'Salvar em minhas coleções' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salvar em minhas coleções' });
    expect(within(dialog).getByRole('radio', { name: /Só eu e quem eu convidar/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Todo mundo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar cópia' }));
    const open = await within(dialog).findByRole('link', { name: 'Ver a cópia' });
    expect(open).toHaveAttribute('href', '/lists/c9');
    expect(open).toHaveFocus();
    expect(calls[0]).toMatchObject({ url: '/api/v1/collection/c1/save', init: { method: 'POST' } });
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ private: false });
  });

  it('keeps the form and shows the failure', async () => {
    storeSession('u2');
    // A save is a creating write: tried three times with one Idempotency-Key before it fails.
    const calls = stubFetch(new TypeError('offline'), new TypeError('offline'), new TypeError('offline'));
    const { user } = renderWithProviders(<CachedBanner />, {
      client: cached(sharedKeys.collection('c1'), collection),
    });
    await user.click(screen.getByRole('button', { name: 'Salvar em minhas coleções' }));
    await user.click(await screen.findByRole('button', { name: 'Salvar cópia' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Não foi possível salvar a cópia. Por favor, tente novamente.',
    );
    expect(screen.getByRole('button', { name: 'Salvar cópia' })).toBeEnabled();
    const keys = calls.map((c) => (c.init?.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });
});
