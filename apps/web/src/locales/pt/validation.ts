/** Spec section 5, verbatim. */
export const validation = {
  nameRequired: 'Informe o seu nome completo',
  emailRequired: 'Informe o seu e-mail.',
  loginEmailRequired: 'Informe seu e-mail.',
  passwordRequired: 'Informe sua senha.',
  passwordRule: 'A senha deve conter no mínimo 8 caracteres, com letras e números.',
  passwordCommon: 'Esta senha é muito comum. Escolha outra.',
  passwordMismatch: 'As senhas não coincidem.',
  captchaRequired: 'Por favor, complete o reCAPTCHA. (S-01)',
  contactName: 'Informe o seu nome.',
  contactEmail: 'Informe o seu e-mail.',
  contactMessage: 'Digite sua mensagem.',
  contactCaptcha: 'Por favor, complete o desafio do reCAPTCHA para enviar o formulário.',
};
