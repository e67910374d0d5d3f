/** Page-view statistics: the cookie notice (with Google Analytics) and the opt-out (issue 10). */
export const analytics = {
  notice: {
    label: 'Aviso de cookies',
    text: 'Usamos cookies do Google Analytics para entender como o Acervo é usado. Eles só são ativados se você aceitar.',
    more: 'Saiba mais',
    accept: 'Aceitar',
    decline: 'Recusar',
  },
  preferences: {
    title: 'Estatísticas de visitas',
    own: 'O Acervo conta quantas vezes cada página é vista, por dia, sem cookies e sem guardar nada sobre você (nem IP, nem conta).',
    google:
      'O Acervo usa o Google Analytics, com cookies, para contar as páginas vistas, apenas se você aceitar.',
    toggle: 'Incluir minhas visitas nas estatísticas',
    doNotTrack:
      'Seu navegador pede para não ser rastreado (Do Not Track), então suas visitas nunca são contadas.',
  },
};
