/** "Estatísticas", a tab on every profile (issue 28). */
export const stats = {
  tab: 'Estatísticas',
  ownPageTitle: 'Minhas estatísticas',
  pageTitle: 'Estatísticas de {{name}}',
  heading: 'Estatísticas',
  recapLink: 'Seu ano no Acervo {{year}}',
  summary_one: '{{count}} item avaliado, média {{average}}',
  summary_other: '{{count}} itens avaliados, média {{average}}',
  othersNote: 'Contando só as coleções públicas.',
  loadFailed: 'Não foi possível carregar as estatísticas. Tente novamente.',
  empty: 'Avalie alguns itens para ver seu gosto aqui',
  emptyAction: 'Ir para minhas coleções',
  emptyOther: '{{name}} ainda não tem itens avaliados nas coleções que você pode ver.',
  chartLoading: 'Carregando o gráfico...',
  histogram: {
    heading: 'Notas dadas',
    label: 'Gráfico de barras: quantos itens receberam cada nota, de 0,5 a 5 estrelas',
    step_one: '{{count}} item avaliado com {{rating}} estrelas',
    step_other: '{{count}} itens avaliados com {{rating}} estrelas',
    axis: 'Estrelas',
  },
  categories: {
    heading: 'Por categoria',
    label: 'Gráfico de barras: itens avaliados por categoria',
    row_one: '{{name}}: {{count}} item avaliado, média {{average}}',
    row_other: '{{name}}: {{count}} itens avaliados, média {{average}}',
    averageShort: 'média {{average}}',
    noAverage: 'sem nota',
  },
  generosity: {
    heading: 'Generoso ou exigente?',
    label: 'Gráfico de barras: média própria comparada à média das outras pessoas',
    own: 'Média própria',
    others: 'Média das outras pessoas',
    generous_one:
      'Notas mais generosas que as das outras pessoas: média {{own}} contra {{others}}, em {{count}} item em comum.',
    generous_other:
      'Notas mais generosas que as das outras pessoas: média {{own}} contra {{others}}, em {{count}} itens em comum.',
    harsh_one:
      'Notas mais exigentes que as das outras pessoas: média {{own}} contra {{others}}, em {{count}} item em comum.',
    harsh_other:
      'Notas mais exigentes que as das outras pessoas: média {{own}} contra {{others}}, em {{count}} itens em comum.',
    even_one:
      'Notas parecidas com as das outras pessoas: média {{own}} contra {{others}}, em {{count}} item em comum.',
    even_other:
      'Notas parecidas com as das outras pessoas: média {{own}} contra {{others}}, em {{count}} itens em comum.',
    none: 'Ninguém mais avaliou os mesmos itens ainda.',
  },
  activity: {
    heading: 'Atividade nos últimos 12 meses',
    label: 'Mapa de calor: itens adicionados ou avaliados por dia nos últimos 12 meses',
    region: 'Mapa de calor da atividade, role para os lados',
    summary_one: '{{count}} item adicionado ou avaliado {{days}}.',
    summary_other: '{{count}} itens adicionados ou avaliados {{days}}.',
    days_one: 'em {{count}} dia',
    days_other: 'em {{count}} dias',
    busiest_one: 'Dia mais ativo: {{date}}, com {{count}} item.',
    busiest_other: 'Dia mais ativo: {{date}}, com {{count}} itens.',
    none: 'Nenhuma atividade nos últimos 12 meses.',
    month_one: '{{month}}: {{count}} item',
    month_other: '{{month}}: {{count}} itens',
    monthsCaption: 'Itens por mês',
    less: 'Menos',
    more: 'Mais',
    weekdays: ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'],
  },
  closest: {
    heading: 'Gosto mais parecido',
    match: '{{match}}% em comum',
    none: 'Ainda não há pessoas com gosto parecido.',
  },
  mostLiked: {
    heading: 'Coleção mais curtida',
    likes_one: '{{count}} curtida',
    likes_other: '{{count}} curtidas',
    none: 'Nenhuma coleção curtida ainda.',
  },
};
