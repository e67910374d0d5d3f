export const auth = {
  fields: {
    name: 'Nome completo',
    email: 'E-mail',
    password: 'Senha',
    passwordConfirmation: 'Confirme a senha',
    remember: 'Lembrar',
  },
  placeholders: {
    name: 'Seu nome completo',
    email: 'voce@exemplo.com',
  },
  login: {
    pageTitle: 'Entrar',
    title: 'Acesse sua conta',
    subtitle: 'Que bom ver você de novo.',
    forgot: 'Esqueci minha senha',
    submit: 'Entrar',
    noAccount: 'Ainda não tem uma conta?',
    register: 'Cadastre-se',
    google: 'Login com Google',
    or: 'ou',
  },
  register: {
    pageTitle: 'Criar conta',
    title: 'Crie sua conta',
    subtitle: 'Guarde suas preferências e descubra pessoas com gostos parecidos.',
    submit: 'Criar conta',
    agreement:
      'Ao criar uma conta, você concorda com os <terms>Termos de uso</terms> e a <privacy>Política de privacidade</privacy>.',
    hasAccount: 'Já tem uma conta?',
    login: 'Entrar',
    opensInNewTab: '(abre em nova aba)',
  },
  recover: {
    pageTitle: 'Recuperar senha',
    title: 'Recuperar senha',
    subtitle: 'Informe o e-mail da sua conta.',
    submit: 'Redefinir senha',
    back: 'Voltar para o login',
    notAvailable:
      'A redefinição de senha por e-mail ainda não está disponível. Escreva para {{email}} e ajudaremos você a recuperar o acesso.',
  },
  side: {
    heading: 'Suas preferências, suas pessoas.',
    body: 'Crie coleções, descubra recomendações confiáveis e conecte-se a quem gosta do que você gosta.',
  },
};
