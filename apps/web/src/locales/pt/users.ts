import { ACCOUNT_MESSAGES } from '@acervo/contract/user';

/** Profile header, account area and security form (spec sections 2, 3 and 5). */
export const users = {
  profile: {
    pageTitle: 'Meu perfil',
    otherPageTitle: 'Perfil de {{name}}',
    avatarAlt: 'Foto de {{name}}',
    collections: 'Coleções',
    followers: 'Seguidores',
    following: 'Seguindo',
    likes: 'Curtidas',
  },
  account: {
    menuTitle: 'Conta pessoal',
    menuLabel: 'Menu da conta',
    home: 'Início',
    profile: 'Perfil',
    security: 'Segurança',
    logout: 'Sair',
    profilePageTitle: 'Perfil da conta',
    profileTitle: 'Perfil',
    profileSubtitle: 'Mantenha seus dados atualizados para que as pessoas reconheçam você.',
    photoTitle: 'Foto do perfil',
    photoHint: 'Formatos aceitos: jpeg, jpg, png e gif. Tamanho máximo de 4 MB.',
    photoSoon: 'O envio de fotos chega em breve.',
    photoButton: 'Enviar foto',
    dataTitle: 'Dados da conta',
    fields: {
      name: 'Nome completo',
      alias_name: 'Como gosta de ser chamado',
      cellular: 'Telefone',
      birthday: 'Aniversário',
      address: 'Endereço',
      country: 'País',
      state: 'Estado',
      city: 'Cidade',
      postal_code: 'CEP',
    },
    placeholders: {
      cellular: '(00) 00000-0000',
      birthday: 'DD/MM/AAAA',
      postal_code: '00000-000',
    },
    select: 'Selecione',
    save: 'Salvar alterações',
    saved: 'Dados da conta atualizados.',
    securityPageTitle: 'Segurança',
    securityTitle: 'Segurança',
    securitySubtitle: 'Altere a senha de acesso à sua conta.',
    oldPassword: 'Senha atual',
    newPassword: 'Nova senha',
    confirmPassword: 'Confirme a nova senha',
    passwordHint:
      'Use pelo menos 15 caracteres, ou pelo menos 8 com um número e uma letra minúscula. A confirmação deve ser igual à nova senha.',
    changePassword: 'Alterar senha',
    changeSoon: 'A alteração de senha chega em breve. Por enquanto, sua senha continua a mesma.',
  },
  validation: {
    // The account form's texts are the contract's (spec section 5), so the API and the form agree.
    ...(ACCOUNT_MESSAGES as Record<keyof typeof ACCOUNT_MESSAGES, string>),
    tooLong: 'Texto longo demais.',
    // Spec section 5 gives these in English; Portuguese users read Portuguese (docs/decisions).
    oldPassword: 'Informe a senha atual.',
    newPassword: 'Informe a nova senha.',
    confirmPassword: 'Confirme a nova senha.',
    passwordMismatch: 'As senhas não coincidem.',
  },
};
