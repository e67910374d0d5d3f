import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import type { Collaborator, InviteLink } from '@acervo/contract/social';
import { hashToken } from '../../lib/tokens.ts';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import {
  addCollaborator,
  addItem,
  createCollection,
  FILMES,
  type Session,
} from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const get = (url: string, who?: Session) => ctx.request('GET', url, who);
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: Session | undefined, payload?: object) =>
  ctx.request(method, url, who, payload);
const collaborators = async (id: string, who: Session) =>
  (await get(`/api/v1/collection/${id}/collaborators`, who)).json().data as Collaborator[];

/** Natália's private collection and Otávio, who is not on it yet. */
async function scene() {
  const owner = await signUp(ctx.app, { name: 'Natália Araújo' });
  const guest = await signUp(ctx.app, { name: 'Otávio Nunes' });
  const secret = await createCollection(ctx.app, owner, { name: 'Presentes', private: true });
  return { owner, guest, secret };
}

describe('collaborators: PUT|DELETE /collection/{id}/collaborators/{user_id}, GET /collection/{id}/collaborators', () => {
  it('adds a viewer who then reads the private collection; an editor who also changes its items', async () => {
    const { owner, guest, secret } = await scene();
    expect((await get(`/api/v1/collection/${secret.id}`, guest)).statusCode).toBe(404);

    const added = await send('PUT', `/api/v1/collection/${secret.id}/collaborators/${guest.user_id}`, owner, {
      role: 'viewer',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toEqual({
      user_id: guest.user_id,
      name: 'Otávio Nunes',
      picture: null,
      role: 'viewer',
      added_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const seen = await get(`/api/v1/collection/${secret.id}`, guest);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ my_role: 'viewer', private: true });
    expect(
      (await send('POST', '/api/v1/collection_items', guest, { collection_id: secret.id, name: 'X' }))
        .statusCode,
    ).toBe(403);

    await send('PUT', `/api/v1/collection/${secret.id}/collaborators/${guest.user_id}`, owner, {
      role: 'editor',
    });
    expect((await get(`/api/v1/collection/${secret.id}`, guest)).json().data.my_role).toBe('editor');
    expect(
      (await send('POST', '/api/v1/collection_items', guest, { collection_id: secret.id, name: 'X' }))
        .statusCode,
    ).toBe(201);
    // Still only the owner edits the collection itself.
    const rename = await send('PUT', `/api/v1/collection/${secret.id}`, guest, {
      category_id: FILMES,
      name: 'Minha',
    });
    expect(rename.statusCode).toBe(403);

    expect((await collaborators(secret.id, owner)).map((c) => [c.name, c.role])).toEqual([
      ['Otávio Nunes', 'editor'],
    ]);
    expect((await collaborators(secret.id, guest)).map((c) => c.user_id)).toEqual([guest.user_id]);
    expect((await get(`/api/v1/collection/${secret.id}`, owner)).json().data.my_role).toBe('owner');
  });

  it('is idempotent, refuses the owner (400), an unknown person (404) and a bad role (400)', async () => {
    const { owner, guest, secret } = await scene();
    const url = `/api/v1/collection/${secret.id}/collaborators/${guest.user_id}`;
    await send('PUT', url, owner, { role: 'viewer' });
    expect((await send('PUT', url, owner, { role: 'viewer' })).statusCode).toBe(200);
    expect(await collaborators(secret.id, owner)).toHaveLength(1);

    const self = await send('PUT', `/api/v1/collection/${secret.id}/collaborators/${owner.user_id}`, owner, {
      role: 'editor',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual({ user_id: 'collaboratorIsOwner' });
    const unknown = await send(
      'PUT',
      `/api/v1/collection/${secret.id}/collaborators/naoexiste0000000`,
      owner,
      {
        role: 'editor',
      },
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await send('PUT', url, owner, { role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ role: 'roleInvalid' });
  });

  it('lets the owner remove anyone and a collaborator leave; then the private collection is gone for them', async () => {
    const { owner, guest, secret } = await scene();
    const third = await signUp(ctx.app);
    await addCollaborator(ctx.app, owner, secret.id, guest, 'editor');
    await addCollaborator(ctx.app, owner, secret.id, third, 'viewer');

    const left = await send(
      'DELETE',
      `/api/v1/collection/${secret.id}/collaborators/${third.user_id}`,
      third,
    );
    expect(left.statusCode).toBe(200);
    expect(left.json().data).toEqual({ collection_id: secret.id, user_id: third.user_id, removed: true });
    expect((await get(`/api/v1/collection/${secret.id}`, third)).statusCode).toBe(404);

    // An editor may not remove others.
    await addCollaborator(ctx.app, owner, secret.id, third, 'viewer');
    expect(
      (await send('DELETE', `/api/v1/collection/${secret.id}/collaborators/${third.user_id}`, guest))
        .statusCode,
    ).toBe(403);

    expect(
      (await send('DELETE', `/api/v1/collection/${secret.id}/collaborators/${guest.user_id}`, owner))
        .statusCode,
    ).toBe(200);
    expect((await get(`/api/v1/collection/${secret.id}`, guest)).statusCode).toBe(404);
    // Removing again changes nothing and still answers 200.
    expect(
      (await send('DELETE', `/api/v1/collection/${secret.id}/collaborators/${guest.user_id}`, owner))
        .statusCode,
    ).toBe(200);
    expect((await collaborators(secret.id, owner)).map((c) => c.user_id)).toEqual([third.user_id]);
  });

  it('lists to a collaborator only the people they may see (not across a block, nor a suspended one), to the owner everyone', async () => {
    const { owner, guest, secret } = await scene();
    const other = await signUp(ctx.app, { name: 'Paula Reis' });
    await addCollaborator(ctx.app, owner, secret.id, guest, 'viewer');
    await addCollaborator(ctx.app, owner, secret.id, other, 'editor');
    const names = async (who: Session) => (await collaborators(secret.id, who)).map((c) => c.name);
    expect(await names(guest)).toEqual(['Otávio Nunes', 'Paula Reis']);

    expect((await send('PUT', `/api/v1/user/${guest.user_id}/block`, other)).statusCode).toBe(200);
    expect(await names(guest)).toEqual(['Otávio Nunes']);
    expect(await names(other)).toEqual(['Paula Reis']);
    expect(await names(owner)).toEqual(['Otávio Nunes', 'Paula Reis']);

    await send('DELETE', `/api/v1/user/${guest.user_id}/block`, other);
    await ctx.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [other.user_id]);
    expect(await names(guest)).toEqual(['Otávio Nunes']);
    // The owner still sees who holds a role on their collection, to remove them.
    expect(await names(owner)).toEqual(['Otávio Nunes', 'Paula Reis']);
  });

  it('hides the list from people who are not on the collection: 403 on a public one, 404 on a private one', async () => {
    const { owner, guest, secret } = await scene();
    const pub = await createCollection(ctx.app, owner);
    expect((await get(`/api/v1/collection/${pub.id}/collaborators`, guest)).statusCode).toBe(403);
    expect((await get(`/api/v1/collection/${secret.id}/collaborators`, guest)).statusCode).toBe(404);
  });
});

describe('POST /collection/{id}/collaborators (by e-mail)', () => {
  it('adds the account with that e-mail, whatever its case and spaces', async () => {
    const { owner, guest, secret } = await scene();
    const res = await send('POST', `/api/v1/collection/${secret.id}/collaborators`, owner, {
      email: `  ${guest.user_email.toUpperCase()} `,
      role: 'editor',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: guest.user_id, role: 'editor' });
  });

  it('works on a server where people also sign in (the two e-mail look-ups are different statements)', async () => {
    const { owner, guest, secret } = await scene();
    const login = await send('POST', '/api/v1/session', undefined, {
      user: { email: guest.user_email, password: guest.password },
    });
    expect(login.statusCode).toBe(200);
    const res = await send('POST', `/api/v1/collection/${secret.id}/collaborators`, owner, {
      email: guest.user_email,
      role: 'viewer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: guest.user_id, role: 'viewer' });
  });

  it('answers 404 EMAIL_NOT_REGISTERED when no account has it, 400 for a malformed one', async () => {
    const { owner, secret } = await scene();
    const res = await send('POST', `/api/v1/collection/${secret.id}/collaborators`, owner, {
      email: 'ninguem@exemplo.com.br',
      role: 'viewer',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: 'EMAIL_NOT_REGISTERED',
      message: 'Nenhuma conta usa este e-mail.',
    });
    const bad = await send('POST', `/api/v1/collection/${secret.id}/collaborators`, owner, {
      email: 'x',
      role: 'viewer',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['email']);
  });
});

describe('where collaborators see a private collection', () => {
  it("in the owner's profile listing and counts, never in the feeds; others still do not", async () => {
    const { owner, guest, secret } = await scene();
    const stranger = await signUp(ctx.app);
    await createCollection(ctx.app, owner, { name: 'Aberta' });
    await addCollaborator(ctx.app, owner, secret.id, guest, 'viewer');

    const names = async (url: string, who: Session) =>
      ((await get(url, who)).json().data as Collection[]).map((c) => c.name).sort();
    expect(await names(`/api/v1/collection/by_user/${owner.user_id}`, guest)).toEqual([
      'Aberta',
      'Presentes',
    ]);
    expect(await names(`/api/v1/collection/by_user/${owner.user_id}`, stranger)).toEqual(['Aberta']);
    expect(await names(`/api/v1/collection/by_category/${FILMES}`, guest)).toEqual(['Aberta']);
    expect(await names('/api/v1/collection/by_followers', guest)).toEqual(['Aberta']);
    expect((await get(`/api/v1/user/${owner.user_id}`, guest)).json().data.total_collections).toBe(2);
    expect((await get(`/api/v1/user/${owner.user_id}`, stranger)).json().data.total_collections).toBe(1);
  });
});

describe('invite links: POST|DELETE /collection/{id}/invite_link, GET|POST /invite/{token}', () => {
  const createLink = (id: string, who: Session, role = 'viewer') =>
    send('POST', `/api/v1/collection/${id}/invite_link`, who, { role });

  it('builds the link from PUBLIC_URL, never the Host header, and stores only the hash of the token', async () => {
    const app = await ctx.buildApp({ PUBLIC_URL: 'https://acervo.example/' });
    const { owner, secret } = await scene();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/collection/${secret.id}/invite_link`,
      headers: { ...owner.auth, host: 'evil.example' },
      payload: { role: 'editor' },
    });
    expect(res.statusCode).toBe(201);
    const link = res.json().data as InviteLink;
    expect(link.url).toBe(`https://acervo.example/invite/${link.token}`);
    expect(link.role).toBe('editor');
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const stored = await ctx.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM collection_invite_links',
    );
    expect(stored).toEqual([{ token_hash: hashToken(link.token) }]);
  });

  it('shows what it gives, then makes whoever accepts it a collaborator', async () => {
    const { owner, guest, secret } = await scene();
    const link = (await createLink(secret.id, owner, 'editor')).json().data as InviteLink;
    const preview = await get(`/api/v1/invite/${link.token}`, guest);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({
      collection_id: secret.id,
      collection_name: 'Presentes',
      owner_name: 'Natália Araújo',
      role: 'editor',
      expires_at: link.expires_at,
    });
    const accepted = await send('POST', `/api/v1/invite/${link.token}`, guest);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ collection_id: secret.id, role: 'editor' });
    expect((await get(`/api/v1/collection/${secret.id}`, guest)).json().data.my_role).toBe('editor');
    // The link serves more people until it expires, and accepting twice is harmless.
    const third = await signUp(ctx.app);
    expect((await send('POST', `/api/v1/invite/${link.token}`, third)).json().data.role).toBe('editor');
    expect((await send('POST', `/api/v1/invite/${link.token}`, guest)).statusCode).toBe(200);
    expect(await collaborators(secret.id, owner)).toHaveLength(2);
  });

  it('never lowers a role: an editor opening a viewer link stays editor; the owner stays owner', async () => {
    const { owner, guest, secret } = await scene();
    await addCollaborator(ctx.app, owner, secret.id, guest, 'editor');
    const link = (await createLink(secret.id, owner, 'viewer')).json().data as InviteLink;
    expect((await send('POST', `/api/v1/invite/${link.token}`, guest)).json().data.role).toBe('editor');
    expect((await send('POST', `/api/v1/invite/${link.token}`, owner)).json().data.role).toBe('owner');
    expect((await collaborators(secret.id, owner)).map((c) => c.role)).toEqual(['editor']);
  });

  it('stops working when revoked, expired or its collection is deleted: 404 INVITE_INVALID', async () => {
    const { owner, guest, secret } = await scene();
    const revoked = (await createLink(secret.id, owner)).json().data as InviteLink;
    const revoke = await send('DELETE', `/api/v1/collection/${secret.id}/invite_link`, owner);
    expect(revoke.json().data).toEqual({ collection_id: secret.id, revoked: 1 });
    for (const method of ['GET', 'POST'] as const) {
      const res = await ctx.request(method, `/api/v1/invite/${revoked.token}`, guest);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('INVITE_INVALID');
    }

    const expired = (await createLink(secret.id, owner)).json().data as InviteLink;
    await ctx.db.query(
      "UPDATE collection_invite_links SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [hashToken(expired.token)],
    );
    expect((await send('POST', `/api/v1/invite/${expired.token}`, guest)).statusCode).toBe(404);

    const orphan = (await createLink(secret.id, owner)).json().data as InviteLink;
    await send('DELETE', `/api/v1/collection/${secret.id}`, owner);
    expect((await send('POST', `/api/v1/invite/${orphan.token}`, guest)).statusCode).toBe(404);
    expect((await get(`/api/v1/collection/${secret.id}`, guest)).statusCode).toBe(404);
  });

  it('shows nothing of a collection its holder may not join: hidden, its owner suspended, or a block between them', async () => {
    const { owner, guest, secret } = await scene();
    const link = (await createLink(secret.id, owner)).json().data as InviteLink;
    const previewed = async (who: Session) => {
      const res = await get(`/api/v1/invite/${link.token}`, who);
      return res.statusCode === 200 ? (res.json().data.collection_name as string) : res.json().error.code;
    };
    expect(await previewed(guest)).toBe('Presentes');

    await ctx.db.query(`UPDATE collections SET hidden_reason = 'spam' WHERE id = $1`, [secret.id]);
    expect(await previewed(guest)).toBe('INVITE_INVALID');
    await ctx.db.query('UPDATE collections SET hidden_reason = NULL WHERE id = $1', [secret.id]);
    await ctx.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [owner.user_id]);
    expect(await previewed(guest)).toBe('INVITE_INVALID');
    await ctx.db.query('UPDATE users SET suspended_at = NULL WHERE id = $1', [owner.user_id]);

    expect((await send('PUT', `/api/v1/user/${guest.user_id}/block`, owner)).statusCode).toBe(200);
    expect(await previewed(guest)).toBe('INVITE_INVALID');
    // Accepting says the same, and someone else still reads the link.
    expect((await send('POST', `/api/v1/invite/${link.token}`, guest)).json().error.code).toBe(
      'INVITE_INVALID',
    );
    expect(await previewed(await signUp(ctx.app))).toBe('Presentes');
  });

  it('ends on removal or demotion: a removed or demoted collaborator cannot re-enter through an old link (issue 23)', async () => {
    const { owner, guest, secret } = await scene();
    const link = (await createLink(secret.id, owner, 'editor')).json().data as InviteLink;
    expect((await send('POST', `/api/v1/invite/${link.token}`, guest)).json().data.role).toBe('editor');

    const removed = await send(
      'DELETE',
      `/api/v1/collection/${secret.id}/collaborators/${guest.user_id}`,
      owner,
    );
    expect(removed.statusCode).toBe(200);
    const back = await send('POST', `/api/v1/invite/${link.token}`, guest);
    expect(back.statusCode).toBe(404);
    expect(back.json().error.code).toBe('INVITE_INVALID');
    expect((await get(`/api/v1/collection/${secret.id}`, guest)).statusCode).toBe(404);

    const second = (await createLink(secret.id, owner, 'editor')).json().data as InviteLink;
    expect((await send('POST', `/api/v1/invite/${second.token}`, guest)).json().data.role).toBe('editor');
    await send('PUT', `/api/v1/collection/${secret.id}/collaborators/${guest.user_id}`, owner, {
      role: 'viewer',
    });
    expect((await send('POST', `/api/v1/invite/${second.token}`, guest)).statusCode).toBe(404);
    expect((await get(`/api/v1/collection/${secret.id}`, guest)).json().data.my_role).toBe('viewer');

    // Leaving on one's own keeps the owner's links open: nobody took anything away.
    const third = (await createLink(secret.id, owner, 'viewer')).json().data as InviteLink;
    await send('DELETE', `/api/v1/collection/${secret.id}/collaborators/${guest.user_id}`, guest);
    expect((await send('POST', `/api/v1/invite/${third.token}`, guest)).json().data.role).toBe('viewer');
  });

  it('answers 404 for an unknown token, 400 for a malformed one, 401 anonymous', async () => {
    const { owner, guest, secret } = await scene();
    const link = (await createLink(secret.id, owner)).json().data as InviteLink;
    expect((await send('POST', `/api/v1/invite/${'x'.repeat(43)}`, guest)).statusCode).toBe(404);
    expect((await send('POST', '/api/v1/invite/curto', guest)).statusCode).toBe(400);
    expect((await send('POST', `/api/v1/invite/${link.token}`, undefined)).statusCode).toBe(401);
    expect((await createLink(secret.id, owner, 'dono')).statusCode).toBe(400);
  });

  it('only lets the owner create or revoke links (403 for an editor)', async () => {
    const { owner, guest, secret } = await scene();
    await addCollaborator(ctx.app, owner, secret.id, guest, 'editor');
    expect((await createLink(secret.id, guest)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/v1/collection/${secret.id}/invite_link`, guest)).statusCode).toBe(403);
    await addItem(ctx.app, guest, secret.id, { name: 'Editor ainda edita itens' });
  });
});

describe('how many collaborators a collection holds', () => {
  it('past COLLABORATORS_PER_COLLECTION a new one is 409 COLLABORATORS_FULL, by link, by id or by e-mail; role changes still pass', async () => {
    const app = await ctx.buildApp({ COLLABORATORS_PER_COLLECTION: '2' });
    const owner = await signUp(app, { name: 'Natália Araújo' });
    const [a, b, c, d] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    const secret = await createCollection(app, owner, { name: 'Presentes', private: true });
    const call = (method: 'POST' | 'PUT', url: string, who: Session, payload?: object) =>
      app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    const link = await call('POST', `/api/v1/collection/${secret.id}/invite_link`, owner, { role: 'viewer' });
    const token = (link.json().data as InviteLink).token;
    const accept = (who: Session) => call('POST', `/api/v1/invite/${token}`, who);

    expect((await accept(a)).statusCode).toBe(200);
    expect((await accept(b)).statusCode).toBe(200);
    const full = (res: { statusCode: number; json(): { error: { code: string } } }) => {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('COLLABORATORS_FULL');
    };
    full(await accept(c));
    full(
      await call('PUT', `/api/v1/collection/${secret.id}/collaborators/${c.user_id}`, owner, {
        role: 'viewer',
      }),
    );
    full(
      await call('POST', `/api/v1/collection/${secret.id}/collaborators`, owner, {
        email: d.user_email,
        role: 'viewer',
      }),
    );
    // Someone already on it may open the link again, and the owner may change a role.
    expect((await accept(a)).statusCode).toBe(200);
    expect(
      (
        await call('PUT', `/api/v1/collection/${secret.id}/collaborators/${b.user_id}`, owner, {
          role: 'editor',
        })
      ).statusCode,
    ).toBe(200);
    const list = await app.inject({
      method: 'GET',
      url: `/api/v1/collection/${secret.id}/collaborators`,
      headers: owner.auth,
    });
    expect((list.json().data as Collaborator[]).map((x) => x.user_id).sort()).toEqual(
      [a.user_id, b.user_id].sort(),
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/collection/${secret.id}`, headers: c.auth }))
        .statusCode,
    ).toBe(404);
  });
});
