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
  contactFailed:
    'Não foi possível enviar sua mensagem. Por favor, entre em contato através do nosso e-mail {{email}}',
  contactSuccess:
    'Agradecemos pelo seu contato! Sua mensagem foi recebida, e em breve nossa equipe entrará em contato com você.',
  unexpected: 'Ocorreu um erro inesperado. Por favor, tente novamente.',
  rateLimited: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
};
