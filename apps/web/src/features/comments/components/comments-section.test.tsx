import type { Comment, CommentPage } from '@acervo/contract/comment';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCollection, storeSession } from '../../../testing/fixtures';
import { renderWithProviders, stubFetch } from '../../../testing/render';
import { CommentsSection } from './comments-section';

const aComment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 'm1',
  collection_id: 'c1',
  collection_item_id: null,
  parent_id: null,
  author: { id: 'u2', name: 'Bruno Reis', picture: null },
  body: 'Que lista!',
  mentions: [],
  created_at: '2026-03-05T12:00:00.000Z',
  edited_at: null,
  can_edit: false,
  can_delete: false,
  ...overrides,
});

const page = (data: Comment[], overrides: Partial<CommentPage> = {}): CommentPage => ({
  data,
  next_cursor: null,
  comments_enabled: true,
  can_comment: true,
  ...overrides,
});

const Report = ({ id }: { id: string }) => <button type="button">Denunciar {id}</button>;

describe('CommentsSection', () => {
  it('draws links and mentions as anchors and never as HTML', async () => {
    storeSession('u3', { name: 'Carla' });
    stubFetch({
      status: 200,
      body: page([
        aComment({
          body: 'Oi @Ana Souza, veja https://exemplo.com/filme. <img src=x onerror=alert(1)>',
          mentions: [{ id: 'u1', name: 'Ana Souza' }],
        }),
      ]),
    });
    renderWithProviders(<CommentsSection collection={aCollection()} report={Report} />);

    const link = await screen.findByRole('link', { name: 'https://exemplo.com/filme' });
    expect(link).toHaveAttribute('href', 'https://exemplo.com/filme');
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    expect(screen.getByRole('link', { name: '@Ana Souza' })).toHaveAttribute('href', '/profile/u1');
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Denunciar m1' })).toBeInTheDocument();
  });

  it('posts a comment with a character counter and shows it after the others', async () => {
    storeSession('u3', { name: 'Carla' });
    const mine = aComment({ id: 'm2', author: { id: 'u3', name: 'Carla', picture: null }, body: 'Adorei' });
    const calls = stubFetch(
      { status: 200, body: page([aComment()]) },
      { status: 201, body: { data: mine } },
      { status: 200, body: page([aComment(), { ...mine, can_edit: true, can_delete: true }]) },
    );
    const { user } = renderWithProviders(<CommentsSection collection={aCollection()} report={Report} />);
    const box = await screen.findByLabelText('Escreva um comentário');
    await user.type(box, 'Adorei');
    expect(screen.getByText('6 de 2000 caracteres')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Comentar' }));

    await screen.findByRole('article', { name: 'Carla' });
    expect(within(screen.getByRole('article', { name: 'Carla' })).getByText('Adorei')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Bruno Reis',
      'Carla',
    ]);
    expect(calls[1]).toMatchObject({ url: '/api/v1/collection/c1/comments', init: { method: 'POST' } });
    expect(JSON.parse(String(calls[1]!.init!.body))).toEqual({ body: 'Adorei' });
    // Not one's own comment to report.
    expect(screen.queryByRole('button', { name: 'Denunciar m2' })).toBeNull();
    expect(box).toHaveValue('');
  });

  it('offers the people to mention after @ and writes the chosen full name', async () => {
    storeSession('u3', { name: 'Carla' });
    const helena = { status: 200, body: { data: [{ id: 'u9', name: 'Helena Prado', picture: null }] } };
    // One answer per pause in typing, however many the machine's speed makes.
    const calls = stubFetch({ status: 200, body: page([]) }, helena, helena, helena, helena);
    const { user } = renderWithProviders(<CommentsSection collection={aCollection()} report={Report} />);
    const box = await screen.findByLabelText('Escreva um comentário');
    await user.type(box, 'Oi @hel');
    const option = await screen.findByRole('option', { name: 'Helena Prado' });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(calls.at(-1)?.url).toBe('/api/v1/collection/c1/mentionable?q=hel');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Oi @Helena Prado ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says comments are off, and shows the owner the switch', async () => {
    storeSession('u1');
    stubFetch({ status: 200, body: page([aComment()], { comments_enabled: false, can_comment: false }) });
    renderWithProviders(<CommentsSection collection={aCollection()} report={Report} />);
    expect(await screen.findByText('O dono desta coleção desativou os comentários.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Aceitar novos comentários' })).not.toBeChecked();
    expect(screen.queryByLabelText('Escreva um comentário')).toBeNull();
    expect(screen.getByText('Que lista!')).toBeInTheDocument();
  });

  it("asks an anonymous visitor to sign in, with neither form nor 'Denunciar'", async () => {
    stubFetch({ status: 200, body: page([aComment()], { can_comment: false }) });
    renderWithProviders(<CommentsSection collection={aCollection()} report={Report} />);
    expect(await screen.findByText('Entre com a sua conta para comentar.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Denunciar/ })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
