import type { TimelineEntry } from '@acervo/contract/timeline';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../testing/fixtures';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { FollowingTimeline } from './following-timeline';

const recently = new Date(Date.now() - 5 * 60_000).toISOString();
const image = {
  url: '/media/i/abc-640.jpg',
  width: 640,
  height: 640,
  placeholder: '#336699',
  srcset: { webp: '/media/i/abc-640.webp 640w', jpeg: '/media/i/abc-640.jpg 640w' },
};
const burst: TimelineEntry = {
  id: 'a1',
  kind: 'item_added',
  actor: { id: 'u2', name: 'Ana' },
  collection: { id: 'c1', name: 'Filmes para chorar', cover: null },
  items: [
    { id: 'i3', name: 'Bacurau', rating: null, image },
    { id: 'i2', name: 'Aquarius', rating: null, image: null },
    { id: 'i1', name: 'Central do Brasil', rating: null, image: null },
  ],
  count: 4,
  comment: null,
  created_at: recently,
} as TimelineEntry;
const liked: TimelineEntry = {
  id: 'a0',
  kind: 'collection_liked',
  actor: { id: 'u3', name: 'Bia', picture: null },
  collection: { id: 'c2', name: 'Livros de praia', cover: null },
  items: [],
  count: 1,
  comment: null,
  created_at: recently,
};
const commented: TimelineEntry = {
  id: 'a5',
  kind: 'comment_added',
  actor: { id: 'u4', name: 'Caio', picture: null },
  collection: { id: 'c3', name: 'Bares de BH', cover: null },
  items: [],
  count: 2,
  comment: { id: 'm9', excerpt: 'O torresmo de lá é o melhor.', item_id: 'i7' },
  created_at: recently,
};
const page = (data: TimelineEntry[], next_cursor: string | null = null) => ({
  status: 200,
  body: { data, next_cursor },
});

describe('"Seguindo"', () => {
  it('says who did what where, each a link, with the first pictures, and loads more after the cursor', async () => {
    storeSession();
    const calls = stubFetch(
      page([{ ...burst, actor: { ...burst.actor, picture: null } }], 'next1'),
      page([liked]),
    );
    const { user } = renderWithProviders(<FollowingTimeline />);

    // Each entry is an item of the list of entries; its items are a list of their own.
    const [first] = await screen.findAllByRole('listitem');
    if (!first) throw new Error('no entry');
    expect(first).toHaveTextContent('Ana adicionou 4 itens a Filmes para chorar');
    expect(within(first).getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/profile/u2');
    expect(within(first).getByRole('link', { name: 'Filmes para chorar' })).toHaveAttribute(
      'href',
      '/lists/c1',
    );
    expect(within(first).getByRole('link', { name: 'Bacurau' })).toHaveAttribute(
      'href',
      '/lists/c1/items/i3',
    );
    expect(within(first).getByText('há 5 minutos')).toBeInTheDocument();
    expect(first.querySelector('img.timeline-thumb')).toHaveAttribute('src', image.url);
    expect(calls[0]!.url).toBe('/api/v1/timeline');

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText(/curtiu a coleção/)).toBeInTheDocument();
    expect(calls[1]!.url).toBe('/api/v1/timeline?cursor=next1');
    const entries = within(
      screen.getByRole('region', { name: 'O que as pessoas que você segue andam fazendo' }),
    );
    expect(entries.getAllByText(/adicionou|curtiu/)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('quotes the newest comment of a burst and links to where it was written', async () => {
    storeSession();
    stubFetch(page([commented]));
    renderWithProviders(<FollowingTimeline />);
    const [entry] = await screen.findAllByRole('listitem');
    if (!entry) throw new Error('no entry');
    expect(entry).toHaveTextContent('Caio comentou 2 vezes em Bares de BH');
    expect(within(entry).getByRole('link', { name: /O torresmo de lá é o melhor/ })).toHaveAttribute(
      'href',
      '/lists/c3/items/i7',
    );
  });

  it('tells someone with nothing to see what to do', async () => {
    storeSession();
    stubFetch(page([]));
    renderWithProviders(<FollowingTimeline findPeopleUrl="/feed?tab=pessoas" />);
    expect(
      await screen.findByText('Siga pessoas ou coleções para ver aqui o que elas fazem.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Encontrar pessoas' })).toHaveAttribute(
      'href',
      '/feed?tab=pessoas',
    );
  });

  it('shows a failure with a retry', async () => {
    storeSession();
    stubFetch({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }, page([liked]));
    const { user } = renderWithProviders(<FollowingTimeline />);
    expect(await screen.findByText('Não foi possível carregar a sua timeline.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(/Bia/)).toBeInTheDocument();
  });
});
