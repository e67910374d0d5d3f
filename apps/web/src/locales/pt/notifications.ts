/** The header's bell and the notifications modal (issue 8; the registration notice is the spec's). */
export const notifications = {
  title: 'Notificações',
  close: 'Fechar',
  bellUnread_one: 'Notificações: {{count}} não lida',
  bellUnread_other: 'Notificações: {{count}} não lidas',
  unreadCount_one: '{{count}} notificação não lida',
  unreadCount_other: '{{count}} notificações não lidas',
  noneUnread: 'Nenhuma notificação não lida.',
  markAllRead: 'Marcar todas como lidas',
  markRead: 'Marcar como lida',
  markedOne: 'Notificação marcada como lida.',
  markedAll: 'Todas as notificações foram marcadas como lidas.',
  unreadTag: 'não lida',
  empty: 'Nenhuma notificação por aqui ainda.',
  registrationTag: 'cadastro',
  registrationNotice: 'Complete o seu cadastro: acesse o menu Configuração e preencha os dados da sua conta.',
  registrationAction: 'Completar cadastro',
  kinds: {
    new_follower: '{{actor}} começou a seguir você.',
    like: '{{actor}} curtiu a sua coleção “{{collection}}”.',
    save: '{{actor}} salvou uma cópia da sua coleção “{{collection}}”.',
    collaborator_added: '{{actor}} chamou você para colaborar na coleção “{{collection}}”.',
    item_added: '{{actor}} adicionou itens à coleção “{{collection}}”.',
    item_changed: '{{actor}} alterou itens da coleção “{{collection}}”.',
    content_hidden:
      'A nossa equipe ocultou um conteúdo seu em “{{collection}}” depois de uma denúncia. Abra para ver o motivo e pedir revisão.',
  },
};
