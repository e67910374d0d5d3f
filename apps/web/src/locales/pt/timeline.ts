/** "Seguindo" on /feed and a person's activity on their profile (issue 26). */
export const timeline = {
  heading: 'O que as pessoas que você segue andam fazendo',
  empty: 'Siga pessoas ou coleções para ver aqui o que elas fazem.',
  emptyAction: 'Encontrar pessoas',
  loadFailed: 'Não foi possível carregar a sua timeline.',
  profileHeading: 'Atividade recente',
  profileEmpty: 'Nenhuma atividade pública por aqui ainda.',
  profileLoadFailed: 'Não foi possível carregar a atividade.',
  kinds: {
    collection_created: '<actor>{{actor}}</actor> criou a coleção <collection>{{collection}}</collection>',
    item_added_one: '<actor>{{actor}}</actor> adicionou um item a <collection>{{collection}}</collection>',
    item_added_other:
      '<actor>{{actor}}</actor> adicionou {{count}} itens a <collection>{{collection}}</collection>',
    item_rated_one:
      '<actor>{{actor}}</actor> deu uma nova nota a um item de <collection>{{collection}}</collection>',
    item_rated_other:
      '<actor>{{actor}}</actor> deu novas notas a {{count}} itens de <collection>{{collection}}</collection>',
    collection_saved: '<actor>{{actor}}</actor> salvou a coleção <collection>{{collection}}</collection>',
    collection_liked: '<actor>{{actor}}</actor> curtiu a coleção <collection>{{collection}}</collection>',
    comment_added_one: '<actor>{{actor}}</actor> comentou em <collection>{{collection}}</collection>',
    comment_added_other:
      '<actor>{{actor}}</actor> comentou {{count}} vezes em <collection>{{collection}}</collection>',
  },
  rating: 'nota {{rating}}',
};
