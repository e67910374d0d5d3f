/** Spec section 8, verbatim; rateLimited is ours (the API answers 429). */
export const errors = {
  loginInvalid:
    'Não foi possível realizar o login. Verique se os dados informados estão corretos e tente novamente.',
  loginUnexpected: 'Ocorreu um erro inesperado ao realizar o login. Por favor, tente novamente [AP-01]',
  loginProblem:
    'Ocorreu um problema inesperado. Por favor, tente novamente ou entre em contato com o suporte se o erro persistir. (S-03)',
  registerNoData: 'Não foi possível criar a sua conta. Por favor, tente novamente.',
  registerEmailTaken: 'E-mail já cadastrado. Por favor, verifique e tente novamente.',
  registerUnexpected:
    'Ocorreu um problema inesperado. Por favor, tente novamente ou entre em contato com o suporte se o erro persistir. (R01)',
  captchaRequired: 'Por favor, complete o reCAPTCHA. (S-01)',
  contactCaptcha: 'Por favor, complete o desafio do reCAPTCHA para enviar o formulário.',
  contactFailed:
    'Não foi possível enviar sua mensagem. Por favor, entre em contato através do nosso e-mail {{email}}',
  contactSuccess:
    'Agradecemos pelo seu contato! Sua mensagem foi recebida, e em breve nossa equipe entrará em contato com você.',
  unexpected: 'Ocorreu um erro inesperado. Por favor, tente novamente.',
  rateLimited: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  // Issue 5: lists, items, feed, profile, account (section 8, verbatim; the *NotFound texts are ours).
  addItemCollectionsLoad: 'Ocorreu um erro inesperado ao carregar suas coleções.',
  profileLoad: 'Erro ao buscar detalhes da conta.',
  recommendationsLoad: 'Não foi possível carregar as sugestões de coleções.',
  categoryCollectionsLoad: 'Não foi possível carregar as coleções da categoria.',
  popularCollectionsLoad: 'Não foi possível carregar as coleções mais populares.',
  categoriesLoad: 'Erro ao buscar categorias:',
  listsLoad: 'Erro ao buscar listas:',
  collectionCreateRefused: 'Não foi possível cadastrar a sua coleção. Por favor, tente novamente.',
  collectionEditLoad: 'Não foi possível carregar detalhes da coleção.',
  collectionViewLoad: 'Erro ao buscar detalhes da coleção:',
  collectionDeleteRefused: 'Não foi possível excluir a coleção.',
  collectionDeleteFailed: 'Não foi possível excluir a coleção, tente novamente.',
  collectionUpdateRefused: 'Não foi possível atualizar a sua coleção. Por favor, tente novamente.',
  collectionDetailsLoad: 'Não foi possível carregar os detalhes da coleção.',
  itemLoad: 'Não foi possível carregar os detalhes do item.',
  itemUpdateRefused: 'Não foi possível atualizar o item. Por favor, tente novamente.',
  itemDeleteRefused: 'Não foi possível excluir o item.',
  itemDeleteFailed: 'Não foi possível excluir o item, tente novamente.',
  accountLoad: 'Ocorreu um erro ao buscar os dados da conta.',
  accountUpdateRefused: 'Não foi possível atualizar os dados da conta. Por favor, tente novamente.',
  accountUpdateFailed: 'Ocorreu um erro inesperado ao atualizar os dados da conta.',
  collectionNotFound: 'Não encontramos esta coleção. Ela pode ter sido excluída ou ser privada.',
  itemNotFound: 'Não encontramos este item. Ele pode ter sido excluído.',
  retry: 'Tentar novamente',
};
