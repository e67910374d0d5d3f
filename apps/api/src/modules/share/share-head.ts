import type { Recap } from '@acervo/contract/recap';
import type { TasteShare } from '@acervo/contract/taste';
import type { CollectionPreview, ItemPreview } from './share.service.ts';

/**
 * The `<head>` tags of a page as link previews read them (messaging apps run no JavaScript): title,
 * description, canonical link, Open Graph and Twitter card. Built on the server for every HTML
 * page; a public collection's page gets its own, every other page (a private or missing
 * collection's too) the generic ones. Every value is HTML-escaped.
 */

const SITE_NAME = 'Acervo';
/** The landing page's tagline (spec section 1), verbatim. */
const GENERIC_DESCRIPTION = 'Preferências que conectam pessoas.';
const DESCRIPTION_MAX = 200;
/** The card image served by share.routes.ts, 1200×630 as Open Graph recommends. */
export const CARD_IMAGE_PATH = '/share-card.png';
export const CARD_IMAGE_SIZE = { width: 1200, height: 630 };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const truncate = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** "Coleção de Ana no Acervo, 12 itens: Dom Casmurro, Quincas Borba, Helena… — description" */
function collectionDescription(c: CollectionPreview): string {
  const count = c.items_count === 1 ? '1 item' : `${c.items_count} itens`;
  const items = c.first_items.length
    ? `: ${c.first_items.join(', ')}${c.items_count > c.first_items.length ? '…' : ''}`
    : '';
  const about = c.description.trim() ? ` — ${c.description.trim()}` : '';
  return truncate(`Coleção de ${c.owner_name} no Acervo, ${count}${items}${about}`, DESCRIPTION_MAX);
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page (canonical and og:url). */
  url: string;
  /** The page's own preview picture (1200×630); the app's card otherwise. */
  image?: { url: string; alt: string };
}

export function genericHead(publicUrl: string, path: string, title = SITE_NAME): PageHead {
  return { title, description: GENERIC_DESCRIPTION, url: `${publicUrl}${path}` };
}

/** `/c/{id}` and `/lists/{id}` share one canonical address, `/lists/{id}`. */
export function collectionHead(publicUrl: string, c: CollectionPreview): PageHead {
  return {
    title: `${c.name} · ${SITE_NAME}`,
    description: collectionDescription(c),
    url: `${publicUrl}/lists/${c.id}`,
  };
}

/** "Item da coleção Clássicos, de Ana, no Acervo — description" */
export function itemHead(publicUrl: string, i: ItemPreview): PageHead {
  const about = i.description.trim() ? ` — ${i.description.trim()}` : '';
  return {
    title: `${i.name} · ${i.collection_name} · ${SITE_NAME}`,
    description: truncate(
      `Item da coleção ${i.collection_name}, de ${i.owner_name}, no Acervo${about}`,
      DESCRIPTION_MAX,
    ),
    url: `${publicUrl}/lists/${i.collection_id}/items/${i.id}`,
  };
}

/** "Ana e Bruno combinam em 72% no Acervo" with what they agree on. */
export function tasteHead(publicUrl: string, share: TasteShare): PageHead {
  const title = `${share.owner.name} e ${share.other.name} combinam em ${share.match}%`;
  const agreed = share.agreements.map((item) => item.name);
  const description = agreed.length
    ? `Gosto em comum no Acervo: ${share.items_in_common} itens avaliados pelos dois, de acordo sobre ${agreed.join(', ')}.`
    : `Gosto em comum no Acervo: ${share.items_in_common} itens avaliados pelos dois.`;
  return {
    title: `${title} · ${SITE_NAME}`,
    description: truncate(description, DESCRIPTION_MAX),
    url: `${publicUrl}/taste/${share.id}`,
    image: { url: `${publicUrl}/taste/${share.id}/card.png`, alt: title },
  };
}

/** "Seu ano no Acervo 2026: Ana" with the year's figures and best-rated items. */
export function recapHead(publicUrl: string, id: string, recap: Recap): PageHead {
  const title = `Seu ano no Acervo ${recap.year}: ${recap.person.name}`;
  const best = recap.top_items.map((item) => item.name);
  const figures = `${recap.items_rated} ${recap.items_rated === 1 ? 'item avaliado' : 'itens avaliados'} e ${recap.collections_made} ${recap.collections_made === 1 ? 'coleção criada' : 'coleções criadas'} em ${recap.year}`;
  const description = best.length ? `${figures}. Os favoritos: ${best.join(', ')}.` : `${figures}.`;
  return {
    title: `${title} · ${SITE_NAME}`,
    description: truncate(description, DESCRIPTION_MAX),
    url: `${publicUrl}/recap/${id}`,
    image: { url: `${publicUrl}/recap/${id}/card.png`, alt: title },
  };
}

export function renderHeadTags(publicUrl: string, head: PageHead): string {
  const e = {
    title: escapeHtml(head.title),
    description: escapeHtml(head.description),
    url: escapeHtml(head.url),
    image: escapeHtml(head.image?.url ?? `${publicUrl}${CARD_IMAGE_PATH}`),
    imageAlt: escapeHtml(head.image?.alt ?? SITE_NAME),
  };
  return [
    `<title>${e.title}</title>`,
    `<meta name="description" content="${e.description}" />`,
    `<link rel="canonical" href="${e.url}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta property="og:title" content="${e.title}" />`,
    `<meta property="og:description" content="${e.description}" />`,
    `<meta property="og:url" content="${e.url}" />`,
    `<meta property="og:image" content="${e.image}" />`,
    `<meta property="og:image:width" content="${CARD_IMAGE_SIZE.width}" />`,
    `<meta property="og:image:height" content="${CARD_IMAGE_SIZE.height}" />`,
    `<meta property="og:image:alt" content="${e.imageAlt}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e.title}" />`,
    `<meta name="twitter:description" content="${e.description}" />`,
    `<meta name="twitter:image" content="${e.image}" />`,
  ].join('\n    ');
}

/**
 * Puts the tags in place of the built page's `<title>` (or before `</head>` without one). The built
 * page's own description goes: the tags carry the page's, and a page has one.
 */
export function withHeadTags(indexHtml: string, tags: string): string {
  const html = indexHtml.replace(/\s*<meta\s+name="description"[^>]*>/, '');
  if (/<title>[\s\S]*?<\/title>/.test(html)) {
    return html.replace(/<title>[\s\S]*?<\/title>/, () => tags);
  }
  return html.replace('</head>', () => `${tags}\n  </head>`);
}
