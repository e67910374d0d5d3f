import type { PagePattern } from './analytics.ts';

/**
 * What the web build writes beside Vite's manifest for the server (apps/web/build/prerender.ts
 * writes it, apps/api/src/plugins/web-app.ts reads it).
 */

/**
 * dist/.vite/prerendered.json: the static public pages rendered to HTML (decision 030), each
 * page's file and title, and the head script those pages carry (which a page the server draws
 * itself carries too; absent from builds before decision 037) with the hash its CSP must allow.
 */
export type PrerenderedTable = {
  pages: { path: string; file: string; title: string }[];
  script?: string;
  scriptHash: string;
};

/**
 * dist/.vite/route-preloads.json: one page's chunks and stylesheets beyond the entry's (issue 12),
 * by page pattern (`/lists/:id`, `/reset/*`). The server names them in the HTML it sends at an
 * address of that pattern (`<link rel="modulepreload">`, `<link rel="stylesheet">`), so the
 * browser fetches the page's chunks with the entry instead of after it.
 */
export type RoutePreload = { path: PagePattern; js: string[]; css: string[] };
