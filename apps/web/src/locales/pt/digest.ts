/** The digest by mail (issue 26): its setting on /account/security and the unsubscribe page. */
export const digest = {
  panel: {
    title: 'Resumo por e-mail',
    body: 'Um e-mail com as suas notificações não lidas e os destaques de quem você segue. Só é enviado quando há novidades, e cada e-mail traz um link para cancelar com um clique.',
    legend: 'Receber o resumo',
    off: 'Não receber',
    daily: 'Todo dia',
    weekly: 'Toda semana',
    unverified: 'O resumo só é enviado depois que você confirma o seu e-mail.',
    save: 'Salvar resumo',
    saved: 'Preferência de resumo salva.',
    saveFailed: 'Não foi possível salvar a preferência de resumo. Tente novamente.',
    loadFailed: 'Não foi possível carregar a preferência de resumo.',
  },
  unsubscribe: {
    pageTitle: 'Cancelar o resumo por e-mail',
    title: 'Cancelar o resumo por e-mail',
    body: 'Você não receberá mais o resumo do Acervo por e-mail. As notificações continuam no site.',
    confirm: 'Cancelar o resumo',
    done: 'Pronto: você não receberá mais o resumo por e-mail.',
    settings: 'Se mudar de ideia, ligue o resumo de novo em Configuração › Segurança.',
    toSettings: 'Abrir a configuração',
    toHome: 'Ir para o início',
    invalid: 'Este link para cancelar o resumo é inválido. Desligue o resumo na configuração da sua conta.',
    failed: 'Não foi possível cancelar o resumo agora. Tente novamente.',
  },
};
