import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILMES } from '../modules/collection/collection.test-helpers.ts';
import { multipart, solid } from '../modules/media/media.test-helpers.ts';
import { openStream } from '../modules/notification/live.test-helpers.ts';
import { appWithRouteTable, buildWorld, shareCollections, type ApiRoute } from './route-table.ts';
import { createTestContext, newAccount, type TestContext } from './test-context.ts';

/**
 * Who gets what from every route, generated from the route table: a route without a row here
 * fails the suite, so a new route cannot ship without someone deciding who may call it.
 *
 * Each row names the request (on the owner's private collection, or the public one where the row
 * has a `public` column) and the status each role gets, in the order of ROLES. "owner" is the
 * person a `/user/:user_id` route is about; the others are other people to them.
 */
const ROLES = ['anonymous', 'stranger', 'viewer', 'editor', 'owner'] as const;
type Role = (typeof ROLES)[number];
type Statuses = [anonymous: number, stranger: number, viewer: number, editor: number, owner: number];

type World = Awaited<ReturnType<typeof buildWorld>>;
type Visibility = 'private' | 'public';

interface Row {
  url: (w: World, v: Visibility) => string;
  body?: (w: World, v: Visibility) => object;
  /** On the private collection (or the only case for routes that do not name one). */
  private: Statuses;
  public?: Statuses;
  /**
   * What a success changes for the rows after it: `collections` (sharing, items, invitations:
   * start over with fresh collections), `people` (an account or session ended: new people too),
   * `between` (also for the next role of the same row: it consumed the object). Absent: nothing
   * another row depends on.
   */
  changes?: 'collections' | 'people' | 'between';
  multipart?: true;
  /** An event stream: asked over real HTTP (`inject` waits for an end it never has), then dropped. */
  stream?: true;
}

const everyone = (status: number): Statuses => [status, status, status, status, status];
const signedIn = (status: number): Statuses => [401, status, status, status, status];
/** Only the person themself. */
const self = (status: number): Statuses => [401, 403, 403, 403, status];

const c = (w: World, v: Visibility) => `/api/v1/collection/${w[v].collection.id}`;
const item = (w: World, v: Visibility) => `/api/v1/collection_items/${w[v].item.id}`;
const user = (w: World) => `/api/v1/user/${w.owner.user_id}`;

const MATRIX: Record<string, Row> = {
  // Accounts and sessions
  'GET /api/v1/category': { url: () => '/api/v1/category', private: everyone(200) },
  'POST /api/v1/registration': {
    url: () => '/api/v1/registration',
    body: () => newAccount(),
    private: everyone(201),
  },
  'POST /api/v1/session': {
    url: () => '/api/v1/session',
    body: (w) => ({ user: { email: w.owner.user_email, password: w.owner.password } }),
    private: everyone(200),
  },
  'DELETE /api/v1/session': { url: () => '/api/v1/session', private: signedIn(200), changes: 'people' },
  'GET /api/v1/sessions': { url: () => '/api/v1/sessions', private: signedIn(200) },
  // Someone else's session is a 404, as if it did not exist: session ids are not confirmed to others.
  'DELETE /api/v1/sessions/:id': {
    url: (w) => `/api/v1/sessions/${w.ownerSessionId}`,
    private: [401, 404, 404, 404, 200],
    changes: 'people',
  },
  'DELETE /api/v1/sessions': { url: () => '/api/v1/sessions', private: signedIn(200), changes: 'people' },
  // 404 while GOOGLE_CLIENT_ID is unset, as in tests: the feature is off for everyone.
  'POST /api/v1/session/google': {
    url: () => '/api/v1/session/google',
    body: () => ({ credential: 'x.y.z' }),
    private: everyone(404),
  },
  // 404 unless CAPTCHA_PROVIDER=altcha; tests run with the captcha off.
  'GET /api/v1/captcha/challenge': { url: () => '/api/v1/captcha/challenge', private: everyone(404) },
  'POST /api/v1/password/recovery': {
    url: () => '/api/v1/password/recovery',
    body: (w) => ({ email: w.owner.user_email }),
    private: everyone(202),
  },
  // A made-up link is refused whoever opens it; a real one needs no sign-in (email.test.ts).
  'POST /api/v1/email/verify': {
    url: () => '/api/v1/email/verify',
    body: () => ({ token: 'x'.repeat(43) }),
    private: everyone(400),
  },
  // Anyone signed in asks for their own new link (none of these people has verified yet).
  'POST /api/v1/email/verification': { url: () => '/api/v1/email/verification', private: signedIn(202) },
  'POST /api/v1/password/reset': {
    url: () => '/api/v1/password/reset',
    body: () => ({ token: 'x'.repeat(43), password: 'Outra1senha', password_confirmation: 'Outra1senha' }),
    private: everyone(400),
  },
  'PUT /api/v1/user/:user_id/password': {
    url: (w) => `${user(w)}/password`,
    body: (w) => ({
      old_password: w.owner.password,
      password: 'Outra1senha',
      password_confirmation: 'Outra1senha',
    }),
    private: self(200),
    changes: 'people',
  },
  // People
  'GET /api/v1/user/:user_id': { url: user, private: signedIn(200) },
  'PUT /api/v1/user/:user_id': {
    url: user,
    body: () => ({
      name: 'Fernanda Oliveira',
      alias_name: 'Nanda',
      cellular: '11 98765-4321',
      birthday: '23/04/1990',
      address: 'Rua Augusta, 1500',
      country: 'Brasil',
      state: 'São Paulo',
      city: 'São Paulo',
      postal_code: '01304001',
    }),
    private: self(200),
  },
  'PUT /api/v1/user/:user_id/locale': {
    url: (w) => `${user(w)}/locale`,
    body: () => ({ locale: 'en' }),
    private: self(200),
  },
  'GET /api/v1/user/:user_id/digest': { url: (w) => `${user(w)}/digest`, private: self(200) },
  'PUT /api/v1/user/:user_id/digest': {
    url: (w) => `${user(w)}/digest`,
    body: () => ({ digest: 'weekly' }),
    private: self(200),
  },
  // The mail's unsubscribe link: a GET only leads to the web's confirm page; a made-up token is
  // refused whoever posts it, a real one needs no sign-in (digest.test.ts).
  'GET /api/v1/digest/unsubscribe': {
    url: () => `/api/v1/digest/unsubscribe?token=${'x'.repeat(20)}.${'y'.repeat(43)}`,
    private: everyone(303),
  },
  'POST /api/v1/digest/unsubscribe': {
    url: () => `/api/v1/digest/unsubscribe?token=${'x'.repeat(20)}.${'y'.repeat(43)}`,
    private: everyone(400),
  },
  'GET /api/v1/user/:user_id/export': { url: (w) => `${user(w)}/export`, private: self(200) },
  'GET /api/v1/user/:user_id/export/letterboxd': {
    url: (w) => `${user(w)}/export/letterboxd`,
    private: self(200),
  },
  'GET /api/v1/user/:user_id/export/goodreads': {
    url: (w) => `${user(w)}/export/goodreads`,
    private: self(200),
  },
  'DELETE /api/v1/user/:user_id': {
    url: user,
    body: (w) => ({ password: w.owner.password }),
    private: self(200),
    changes: 'people',
  },
  'PUT /api/v1/user/:user_id/picture': {
    url: (w) => `${user(w)}/picture`,
    multipart: true,
    private: self(200),
  },
  'DELETE /api/v1/user/:user_id/picture': { url: (w) => `${user(w)}/picture`, private: self(200) },
  'PUT /api/v1/user/:user_id/follow': { url: (w) => `${user(w)}/follow`, private: [401, 200, 200, 200, 400] },
  'DELETE /api/v1/user/:user_id/follow': {
    url: (w) => `${user(w)}/follow`,
    private: [401, 200, 200, 200, 400],
  },
  // A block ends the blocker's collaborations with the owner and hides them from each other.
  'PUT /api/v1/user/:user_id/block': {
    url: (w) => `${user(w)}/block`,
    private: [401, 200, 200, 200, 400],
    changes: 'people',
  },
  'DELETE /api/v1/user/:user_id/block': {
    url: (w) => `${user(w)}/block`,
    private: [401, 200, 200, 200, 400],
  },
  'PUT /api/v1/user/:user_id/mute': { url: (w) => `${user(w)}/mute`, private: [401, 200, 200, 200, 400] },
  'DELETE /api/v1/user/:user_id/mute': { url: (w) => `${user(w)}/mute`, private: [401, 200, 200, 200, 400] },
  'GET /api/v1/user/blocked': { url: () => '/api/v1/user/blocked', private: signedIn(200) },
  'GET /api/v1/user/:user_id/followers': { url: (w) => `${user(w)}/followers`, private: signedIn(200) },
  'GET /api/v1/user/:user_id/following': { url: (w) => `${user(w)}/following`, private: signedIn(200) },
  'GET /api/v1/user/popular': { url: () => '/api/v1/user/popular', private: signedIn(200) },
  'GET /api/v1/user/network': { url: () => '/api/v1/user/network', private: signedIn(200) },
  'GET /api/v1/notification': { url: () => '/api/v1/notification', private: signedIn(200) },
  'GET /api/v1/notification/stream': {
    url: () => '/api/v1/notification/stream',
    private: signedIn(200),
    stream: true,
  },
  // "Seguindo" is the caller's own; a profile's activity is readable by whoever sees the person.
  'GET /api/v1/timeline': { url: () => '/api/v1/timeline', private: signedIn(200) },
  'GET /api/v1/user/:user_id/activity': { url: (w) => `${user(w)}/activity`, private: signedIn(200) },
  // Taste in common compares the caller with the person: anyone who sees them, never oneself.
  'GET /api/v1/user/:user_id/taste': { url: (w) => `${user(w)}/taste`, private: [401, 200, 200, 200, 400] },
  // Sharing it: nobody here rated anything in public, so there is no number to share (409).
  'PUT /api/v1/user/:user_id/taste/share': {
    url: (w) => `${user(w)}/taste/share`,
    private: [401, 409, 409, 409, 400],
  },
  'DELETE /api/v1/user/:user_id/taste/share': {
    url: (w) => `${user(w)}/taste/share`,
    private: signedIn(200),
  },
  // A shared match is for anyone; this one was never shared.
  'GET /api/v1/taste_shares/:id': { url: () => '/api/v1/taste_shares/nunca-foi', private: everyone(404) },
  // Statistics: whoever sees the person, counting what each may read (issue 28).
  'GET /api/v1/user/:user_id/stats': { url: (w) => `${user(w)}/stats`, private: signedIn(200) },
  // The year's recap: the owner's own; others' only once shared (this one is not).
  'GET /api/v1/user/:user_id/recap/:year': {
    url: (w) => `${user(w)}/recap/${new Date().getUTCFullYear()}`,
    private: [401, 404, 404, 404, 200],
  },
  'PUT /api/v1/user/:user_id/recap/:year/share': {
    url: (w) => `${user(w)}/recap/${new Date().getUTCFullYear()}/share`,
    private: self(200),
  },
  'DELETE /api/v1/user/:user_id/recap/:year/share': {
    url: (w) => `${user(w)}/recap/${new Date().getUTCFullYear()}/share`,
    private: self(200),
  },
  'GET /api/v1/recap_shares/:id': { url: () => '/api/v1/recap_shares/nunca-foi', private: everyone(404) },
  'POST /api/v1/notification/read': {
    url: () => '/api/v1/notification/read',
    body: () => ({}),
    private: signedIn(200),
  },
  'GET /api/v1/search': { url: () => '/api/v1/search?q=filmes', private: signedIn(200) },
  // Recommendations: each signed-in person's own suggestions and switches.
  'GET /api/v1/collection/recommended': {
    url: () => '/api/v1/collection/recommended',
    private: signedIn(200),
  },
  'GET /api/v1/user/suggested': { url: () => '/api/v1/user/suggested', private: signedIn(200) },
  'GET /api/v1/recommendation/settings': {
    url: () => '/api/v1/recommendation/settings',
    private: signedIn(200),
  },
  'PUT /api/v1/recommendation/settings': {
    url: () => '/api/v1/recommendation/settings',
    body: () => ({ personalize: true }),
    private: signedIn(200),
  },
  // Only about the caller's own suggestions; one cannot dismiss oneself.
  'PUT /api/v1/user/:user_id/not_interested': {
    url: (w) => `${user(w)}/not_interested`,
    private: [401, 200, 200, 200, 400],
  },
  'DELETE /api/v1/user/:user_id/not_interested': {
    url: (w) => `${user(w)}/not_interested`,
    private: [401, 200, 200, 200, 400],
  },
  // Anyone who may read the collection may hide it from their own suggestions.
  'PUT /api/v1/collection/:id/not_interested': {
    url: (w, v) => `${c(w, v)}/not_interested`,
    private: [401, 404, 200, 200, 200],
    public: signedIn(200),
  },
  'DELETE /api/v1/collection/:id/not_interested': {
    url: (w, v) => `${c(w, v)}/not_interested`,
    private: [401, 404, 200, 200, 200],
    public: signedIn(200),
  },
  // The site itself: public settings, page views, the contact form.
  'GET /api/v1/config': { url: () => '/api/v1/config', private: everyone(200) },
  'GET /api/v1/health': { url: () => '/api/v1/health', private: everyone(200) },
  'POST /api/v1/pageview': {
    url: () => '/api/v1/pageview',
    body: () => ({ path: '/help' }),
    private: everyone(202),
  },
  // Operators (a verified e-mail in ADMIN_EMAILS) only, and none of these people is one
  // (analytics.test.ts has the 200).
  'GET /api/v1/admin/pageviews': {
    url: () => '/api/v1/admin/pageviews',
    private: [401, 403, 403, 403, 403],
  },
  'GET /api/v1/admin/reports': { url: () => '/api/v1/admin/reports', private: [401, 403, 403, 403, 403] },
  'POST /api/v1/admin/reports/:id/resolve': {
    url: () => '/api/v1/admin/reports/naoexiste0000000/resolve',
    body: () => ({ action: 'dismiss' }),
    private: [401, 403, 403, 403, 403],
  },
  'POST /api/v1/admin/users/:user_id/unsuspend': {
    url: (w) => `/api/v1/admin/users/${w.owner.user_id}/unsuspend`,
    private: [401, 403, 403, 403, 403],
  },
  'GET /api/v1/admin/audit': { url: () => '/api/v1/admin/audit', private: [401, 403, 403, 403, 403] },
  'GET /api/v1/admin/blocked_terms': {
    url: () => '/api/v1/admin/blocked_terms',
    private: [401, 403, 403, 403, 403],
  },
  'PUT /api/v1/admin/blocked_terms': {
    url: () => '/api/v1/admin/blocked_terms',
    body: () => ({ term: 'xingamento' }),
    private: [401, 403, 403, 403, 403],
  },
  'DELETE /api/v1/admin/blocked_terms': {
    url: () => '/api/v1/admin/blocked_terms?term=xingamento',
    private: [401, 403, 403, 403, 403],
  },
  // Reports: what one cannot read does not exist to report (400); one's own neither.
  'POST /api/v1/reports': {
    url: () => '/api/v1/reports',
    body: (w, v) => ({ target_type: 'collection', target_id: w[v].collection.id, reason: 'spam' }),
    private: [401, 400, 201, 201, 400],
    public: [401, 201, 201, 201, 400],
    changes: 'between',
  },
  // Only the owner of hidden content may appeal, and nothing of theirs is hidden here (409).
  'POST /api/v1/moderation/appeal': {
    url: () => '/api/v1/moderation/appeal',
    body: (w, v) => ({
      target_type: 'collection',
      target_id: w[v].collection.id,
      text: 'Revejam, por favor.',
    }),
    private: [401, 409, 409, 409, 409],
  },
  // The token is the credential (the suspended cannot sign in): anyone may try, an unknown one is a 400.
  'POST /api/v1/moderation/appeal/suspension': {
    url: () => '/api/v1/moderation/appeal/suspension',
    body: () => ({ token: 'naoexiste', text: 'Revejam, por favor.' }),
    private: everyone(400),
  },
  'POST /api/v1/contact': {
    url: () => '/api/v1/contact',
    body: () => ({
      inputName: 'Fernanda Oliveira',
      inputEmail: 'fernanda@acervo.example',
      textMessage: 'Olá! Adorei o Acervo.',
    }),
    private: everyone(201),
  },
  // Collections
  'POST /api/v1/collection': {
    url: () => '/api/v1/collection',
    body: () => ({ category_id: FILMES, name: 'Outra coleção' }),
    private: signedIn(201),
  },
  'GET /api/v1/collection/by_user/:user_id': {
    url: (w) => `/api/v1/collection/by_user/${w.owner.user_id}`,
    private: signedIn(200),
  },
  'GET /api/v1/collection/by_followers': {
    url: () => '/api/v1/collection/by_followers',
    private: signedIn(200),
  },
  'GET /api/v1/collection/by_category/:category_id': {
    url: () => `/api/v1/collection/by_category/${FILMES}`,
    private: signedIn(200),
  },
  // Public collections are readable without an account (issue 12); a private one is a 404 to anyone
  // who may not read it, signed in or not, so its existence does not leak.
  'GET /api/v1/collection/:id': { url: c, private: [404, 404, 200, 200, 200], public: everyone(200) },
  'PUT /api/v1/collection/:id': {
    url: c,
    body: () => ({ category_id: FILMES, name: 'Novo nome' }),
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
  },
  // The cover, like the name, is the owner's: editors change items, not the collection.
  'PUT /api/v1/collection/:id/cover': {
    url: (w, v) => `${c(w, v)}/cover`,
    multipart: true,
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
  },
  'DELETE /api/v1/collection/:id/cover': {
    url: (w, v) => `${c(w, v)}/cover`,
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
  },
  'DELETE /api/v1/collection/:id': {
    url: c,
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
    changes: 'collections',
  },
  'PUT /api/v1/collection/:id/like': {
    url: (w, v) => `${c(w, v)}/like`,
    private: [401, 404, 200, 200, 200],
    public: signedIn(200),
  },
  'DELETE /api/v1/collection/:id/like': {
    url: (w, v) => `${c(w, v)}/like`,
    private: [401, 404, 200, 200, 200],
    public: signedIn(200),
  },
  'PUT /api/v1/collection/:id/follow': {
    url: (w, v) => `${c(w, v)}/follow`,
    private: [401, 404, 200, 200, 400],
    public: [401, 200, 200, 200, 400],
  },
  'DELETE /api/v1/collection/:id/follow': {
    url: (w, v) => `${c(w, v)}/follow`,
    private: [401, 404, 200, 200, 400],
    public: [401, 200, 200, 200, 400],
  },
  'POST /api/v1/collection/:id/save': {
    url: (w, v) => `${c(w, v)}/save`,
    body: () => ({}),
    private: [401, 404, 201, 201, 201],
    public: signedIn(201),
  },
  // Items
  'POST /api/v1/collection_items': {
    url: () => '/api/v1/collection_items',
    body: (w, v) => ({ collection_id: w[v].collection.id, name: 'Outro item' }),
    private: [401, 404, 403, 201, 201],
    public: [401, 403, 403, 201, 201],
    changes: 'collections',
  },
  'GET /api/v1/collection/:id/items': {
    url: (w, v) => `${c(w, v)}/items`,
    private: [404, 404, 200, 200, 200],
    public: everyone(200),
  },
  'GET /api/v1/collection_items/:item': {
    url: item,
    private: [404, 404, 200, 200, 200],
    public: everyone(200),
  },
  'PUT /api/v1/collection_items/:item': {
    url: item,
    body: () => ({ name: 'Outro nome' }),
    private: [401, 404, 403, 200, 200],
    public: [401, 403, 403, 200, 200],
  },
  'PUT /api/v1/collection_items/:item/image': {
    url: (w, v) => `${item(w, v)}/image`,
    multipart: true,
    private: [401, 404, 403, 200, 200],
    public: [401, 403, 403, 200, 200],
  },
  'DELETE /api/v1/collection_items/:item/image': {
    url: (w, v) => `${item(w, v)}/image`,
    private: [401, 404, 403, 200, 200],
    public: [401, 403, 403, 200, 200],
  },
  'DELETE /api/v1/collection_items/:item': {
    url: item,
    private: [401, 404, 403, 200, 200],
    public: [401, 403, 403, 200, 200],
    changes: 'between',
  },
  'PUT /api/v1/collection/:id/items/order': {
    url: (w, v) => `${c(w, v)}/items/order`,
    body: (w, v) => ({ item_ids: [w[v].item.id] }),
    private: [401, 404, 403, 200, 200],
    public: [401, 403, 403, 200, 200],
  },
  'POST /api/v1/collection_items/:item/save': {
    url: (w, v) => `${item(w, v)}/save`,
    body: (w, v) => ({ collection_id: w[v].collection.id }),
    private: [401, 404, 403, 201, 201],
    public: [401, 403, 403, 201, 201],
    changes: 'collections',
  },
  // Comments (issue 26): read and written by whoever may read the collection; edited by their
  // author (here the owner), deleted by their author or the collection's owner.
  'GET /api/v1/collection/:id/comments': {
    url: (w, v) => `${c(w, v)}/comments`,
    private: [404, 404, 200, 200, 200],
    public: everyone(200),
  },
  'POST /api/v1/collection/:id/comments': {
    url: (w, v) => `${c(w, v)}/comments`,
    body: () => ({ body: 'Que coleção!' }),
    private: [401, 404, 201, 201, 201],
    public: signedIn(201),
  },
  'GET /api/v1/collection_items/:item/comments': {
    url: (w, v) => `${item(w, v)}/comments`,
    private: [404, 404, 200, 200, 200],
    public: everyone(200),
  },
  'POST /api/v1/collection_items/:item/comments': {
    url: (w, v) => `${item(w, v)}/comments`,
    body: () => ({ body: 'Que item!' }),
    private: [401, 404, 201, 201, 201],
    public: signedIn(201),
  },
  'PUT /api/v1/comments/:id': {
    url: (w, v) => `/api/v1/comments/${w[v].comment.id}`,
    body: () => ({ body: 'Mudei de ideia' }),
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
  },
  'DELETE /api/v1/comments/:id': {
    url: (w, v) => `/api/v1/comments/${w[v].comment.id}`,
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
    changes: 'between',
  },
  'GET /api/v1/collection/:id/mentionable': {
    url: (w, v) => `${c(w, v)}/mentionable?q=pessoa`,
    private: [401, 404, 200, 200, 200],
    public: signedIn(200),
  },
  'PUT /api/v1/collection/:id/comments_enabled': {
    url: (w, v) => `${c(w, v)}/comments_enabled`,
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
  },
  'DELETE /api/v1/collection/:id/comments_enabled': {
    url: (w, v) => `${c(w, v)}/comments_enabled`,
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
    changes: 'collections',
  },
  // Imports (issue 27): a picture is not an export (400); a job is its owner's only, so any id
  // names nothing to someone else (import.test.ts shows the owner's 200 and another person's 404).
  'POST /api/v1/imports': { url: () => '/api/v1/imports', multipart: true, private: signedIn(400) },
  'POST /api/v1/imports/preview': {
    url: () => '/api/v1/imports/preview',
    multipart: true,
    private: signedIn(400),
  },
  'GET /api/v1/imports/:id': { url: () => '/api/v1/imports/nenhuma', private: signedIn(404) },
  // Collaborators and invitations
  'GET /api/v1/collection/:id/collaborators': {
    url: (w, v) => `${c(w, v)}/collaborators`,
    private: [401, 404, 200, 200, 200],
    public: [401, 403, 200, 200, 200],
  },
  'POST /api/v1/collection/:id/collaborators': {
    url: (w, v) => `${c(w, v)}/collaborators`,
    body: (w) => ({ email: w.stranger.user_email, role: 'viewer' }),
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
    changes: 'collections',
  },
  'PUT /api/v1/collection/:id/collaborators/:user_id': {
    url: (w, v) => `${c(w, v)}/collaborators/${w.stranger.user_id}`,
    body: () => ({ role: 'editor' }),
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
    changes: 'collections',
  },
  'DELETE /api/v1/collection/:id/collaborators/:user_id': {
    url: (w, v) => `${c(w, v)}/collaborators/${w.viewer.user_id}`,
    private: [401, 404, 200, 403, 200],
    public: [401, 403, 200, 403, 200],
    changes: 'between',
  },
  'POST /api/v1/collection/:id/invite_link': {
    url: (w, v) => `${c(w, v)}/invite_link`,
    body: () => ({ role: 'viewer' }),
    private: [401, 404, 403, 403, 201],
    public: [401, 403, 403, 403, 201],
    changes: 'collections',
  },
  'DELETE /api/v1/collection/:id/invite_link': {
    url: (w, v) => `${c(w, v)}/invite_link`,
    private: [401, 404, 403, 403, 200],
    public: [401, 403, 403, 403, 200],
    changes: 'collections',
  },
  'GET /api/v1/invite/:token': { url: (w) => `/api/v1/invite/${w.inviteToken}`, private: signedIn(200) },
  'POST /api/v1/invite/:token': {
    url: (w) => `/api/v1/invite/${w.inviteToken}`,
    private: signedIn(200),
    changes: 'collections',
  },
};

let ctx: TestContext;
let app: FastifyInstance;
let routes: ApiRoute[];
let picture: Buffer;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ app, routes } = await appWithRouteTable(ctx));
  picture = await solid(8, 8).png().toBuffer();
  world = await buildWorld(app);
  // A busy 2-core machine: the fixture (four sign-ups, two shared collections) may take a while.
}, 180_000);
afterAll(async () => {
  await app.close();
  await ctx.close();
});

let listening: Promise<string> | undefined;
/** The event stream (the row marked `stream`), asked with the suite's client of it, then dropped. */
async function askStream(auth: Record<string, string>) {
  listening ??= app.listen({ port: 0, host: '127.0.0.1' });
  const stream = await openStream(await listening, auth);
  stream.close();
  return { statusCode: stream.status, body: stream.body };
}

function send(method: string, row: Row, w: World, v: Visibility, role: Role) {
  const auth = role === 'anonymous' ? {} : w[role].auth;
  const url = row.url(w, v);
  if (row.stream) return askStream(auth);
  if (row.multipart) {
    const body = multipart(picture, 'foto.png', 'image/png');
    return app.inject({
      method: method as 'PUT',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
  }
  const body = row.body?.(w, v);
  return app.inject({ method: method as 'GET', url, headers: auth, ...(body ? { payload: body } : {}) });
}

const refreshed = async (w: World, changes: Row['changes']): Promise<World> =>
  changes === 'people' ? buildWorld(app) : { ...w, ...(await shareCollections(app, w)) };

describe('the authorization matrix', () => {
  it('has a row for every route of the route table, and no row for a route that is gone', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(routes.map((r) => r.key).sort());
  });

  it.each(Object.entries(MATRIX))('%s', async (key, row) => {
    const method = key.split(' ')[0]!;
    const mismatches: string[] = [];
    let changed = false;
    for (const v of row.public ? (['private', 'public'] as const) : (['private'] as const)) {
      const expected = v === 'public' ? row.public! : row.private;
      for (const [i, role] of ROLES.entries()) {
        const res = await send(method, row, world, v, role);
        if (res.statusCode !== expected[i]) {
          mismatches.push(
            `${v} as ${role}: ${res.statusCode}, expected ${expected[i]}: ${res.body.slice(0, 160)}`,
          );
        }
        if (row.changes && method !== 'GET' && res.statusCode < 300) {
          changed = true;
          if (row.changes === 'between') world = await refreshed(world, row.changes);
        }
      }
    }
    if (changed && row.changes !== 'between') world = await refreshed(world, row.changes);
    expect(mismatches).toEqual([]);
  });
});
