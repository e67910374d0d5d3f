import { SEARCH_MESSAGES } from '@acervo/contract/search';

/** The search boxes and the /search page (issue 8). */
export const search = {
  pageTitle: 'Busca',
  label: 'Buscar',
  placeholder: 'Coleções, itens ou pessoas',
  submit: 'Buscar',
  headerLabel: 'Busca no Acervo',
  feedLabel: 'Busca no feed',
  pageLabel: 'Busca',
  types: { collection: 'Coleções', item: 'Itens', user: 'Pessoas' },
  prompt: SEARCH_MESSAGES.q as string,
  needLetters: 'Use ao menos uma letra ou um número.',
  searching: 'Buscando...',
  none: 'Nenhum resultado para “{{q}}”.',
  count_one: '{{count}} resultado para “{{q}}”.',
  count_other: '{{count}} resultados para “{{q}}”.',
  countMore_one: '{{count}} resultado para “{{q}}” até aqui; há mais.',
  countMore_other: '{{count}} resultados para “{{q}}” até aqui; há mais.',
  by: 'por',
  itemsCount_one: '{{count}} item',
  itemsCount_other: '{{count}} itens',
  inCollection: 'na coleção',
  rating: 'Nota {{value}} de 5',
  private: 'Privada',
};
