import type { ValidationCode } from '@acervo/contract/validation';

/**
 * One text per validation code of the contract (the API answers these codes in `error.fields`).
 * Spec section 5 verbatim where it words the rule; the security and add-item texts it gives in
 * English are Portuguese here (docs/decisions/008), and the texts for rules the spec does not
 * mention are ours.
 */
export const validation = {
  invalid: 'Valor inválido.',
  tooLong: 'Texto longo demais.',
  invalidCharacter: 'O texto contém um caractere inválido.',
  textInvisible: 'Use letras, números ou símbolos visíveis.',
  textBidiControl: 'Remova os caracteres que mudam a direção do texto.',

  nameRequired: 'Informe o seu nome completo',
  emailRequired: 'Informe o seu e-mail.',
  emailTaken: 'E-mail já cadastrado.',
  loginEmailRequired: 'Informe seu e-mail.',
  passwordRequired: 'Informe sua senha.',
  passwordRule: 'A senha deve conter no mínimo 8 caracteres, com letras e números.',
  passwordCommon: 'Esta senha é muito comum. Escolha outra.',
  passwordMismatch: 'As senhas não coincidem.',
  oldPasswordRequired: 'Informe a senha atual.',
  newPasswordRequired: 'Informe a nova senha.',
  confirmPasswordRequired: 'Confirme a nova senha.',
  oldPasswordWrong: 'A senha atual está incorreta.',

  contactNameRequired: 'Informe o seu nome.',
  messageRequired: 'Digite sua mensagem.',

  accountNameRequired: 'Preencha o campo com o seu nome.',
  aliasNameRequired: 'Preencha o campo como gosta de ser chamado.',
  cellularRequired: 'Preencha o campo telefone.',
  cellularInvalid: 'Informe um celular brasileiro com DDD, por exemplo (11) 91234-5678.',
  birthdayRequired: 'Preencha o campo aniversário.',
  birthdayInvalid: 'Informe uma data válida no formato DD/MM/AAAA.',
  birthdayUnderage: 'É preciso ter 18 anos ou mais para usar o Acervo.',
  addressRequired: 'Preencha o campo endereço.',
  countryRequired: 'Selecione o seu país.',
  stateRequired: 'Selecione o estado.',
  cityRequired: 'Preencha o campo cidade.',
  postalCodeRequired: 'Preencha o campo Cep.',
  postalCodeInvalid: 'Informe o CEP no formato 00000-000.',
  pictureRequired: 'Escolha uma foto.',
  importFileRequired: 'Escolha o arquivo a importar.',
  pictureTooManyPixels: 'A imagem tem pixels demais. Envie uma foto de resolução menor.',
  deletionPasswordRequired: 'Informe a sua senha para confirmar.',
  deletionPasswordWrong: 'Senha incorreta.',
  deletionEmailMismatch: 'Digite o e-mail da sua conta para confirmar.',

  categoryRequired: 'Selecione a categoria.',
  categoryUnknown: 'Categoria não encontrada.',
  collectionNameRequired: 'Informe o nome da coleção.',
  listNameRequired: 'Informe o nome da lista.',
  privateInvalid: 'Indique se a coleção é privada.',
  collectionRequired: 'Selecione uma coleção.',
  itemNameRequired: 'Informe o nome do item.',
  itemDescriptionRequired: 'Informe a descrição do item.',
  ratingInvalid: 'A nota vai de 0,5 a 5, em meios pontos.',
  itemYearInvalid: 'Informe o ano com até 4 dígitos, como 2019.',
  coverItemWithoutImage: 'Escolha um item que tenha imagem.',

  roleInvalid: 'Escolha o papel: editor ou leitor.',
  itemIdsInvalid: 'Envie a lista completa dos itens, na nova ordem.',
  followSelf: 'Você não pode seguir a si mesmo.',
  followOwnCollection: 'Você não pode seguir a sua própria coleção.',
  collaboratorIsOwner: 'O dono da coleção já tem acesso a ela.',
  collaboratorEmailRequired: 'Informe o e-mail da pessoa.',
  inviteInvalid: 'Este convite não é válido ou expirou.',
  blockSelf: 'Você não pode bloquear ou silenciar a si mesmo.',
  tasteSelf: 'Compare o seu gosto com o de outra pessoa.',
  recapYearInvalid: 'Escolha um ano de 2000 até o atual.',
  reportReasonInvalid: 'Escolha o motivo da denúncia.',
  reportTargetInvalid: 'Não encontramos o que você quer denunciar.',
  moderationActionInvalid: 'Escolha uma ação: arquivar, ocultar ou suspender.',
  blockedTerm: 'Este texto contém um termo não permitido. Altere-o e tente novamente.',

  commentRequired: 'Escreva o seu comentário.',
  commentReplyDepth: 'Só é possível responder a um comentário, não a uma resposta.',

  searchQueryRequired: 'Digite o que deseja buscar.',

  searchQueryTooShort: 'Digite ao menos 2 letras ou números.',
  searchTypeInvalid: 'Escolha o que buscar: coleções, itens ou pessoas.',
} satisfies Record<ValidationCode, string>;
