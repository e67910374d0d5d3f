/**
 * Public settings baked in at build time. The contact address is the server's CONTACT_EMAIL
 * (exposed through Vite's envPrefix), with the same default as apps/api/src/env.ts.
 */
export const config = {
  contactEmail: import.meta.env.CONTACT_EMAIL || 'contato@acervo.app',
  productName: 'Acervo',
} as const;
