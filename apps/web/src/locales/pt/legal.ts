export const legal = {
  updatedAt: 'Última atualização: {{date}}',
  updatedDate: '1º de novembro de 2026',
  privacy: {
    pageTitle: 'Política de privacidade',
    title: 'Política de privacidade',
    subtitle: 'Como o Acervo coleta, usa e protege os seus dados pessoais.',
    sections: [
      {
        title: 'Dados coletados no cadastro',
        body: 'Ao criar uma conta coletamos nome, e-mail, data de nascimento e senha. A senha é guardada de forma cifrada e nunca é exibida.',
      },
      {
        title: 'Dados do perfil',
        body: 'Você pode informar foto, biografia e preferências. Esses dados aparecem no seu perfil conforme a visibilidade das suas coleções.',
      },
      {
        title: 'Dados coletados automaticamente',
        body: 'Registramos informações do dispositivo e do navegador, endereço IP, páginas visitadas e cookies necessários para manter você conectado e melhorar o serviço.',
      },
      {
        title: 'Login social',
        body: 'Se você entrar com um provedor externo, recebemos dele o seu nome, e-mail e foto, apenas para criar e identificar a sua conta.',
      },
      {
        title: 'Exclusão da conta',
        body: 'Você pode excluir a sua conta e os seus dados, ou baixar uma cópia deles, a qualquer momento na área Segurança da sua conta.',
        link: { to: '/account/security', label: 'Excluir ou baixar meus dados' },
      },
      {
        title: 'Contato',
        body: 'Dúvidas sobre privacidade podem ser enviadas para {{email}} ou pela página de contato.',
      },
    ],
  },
  terms: {
    pageTitle: 'Termos de uso',
    title: 'Termos de uso',
    subtitle: 'As regras para usar o Acervo. Leia com atenção antes de criar sua conta.',
    sections: [
      {
        title: 'Idade mínima',
        body: 'Para usar o Acervo você precisa ter pelo menos 18 anos.',
      },
      {
        title: 'Seu conteúdo',
        body: 'As coleções e os itens que você publica continuam sendo seus. Ao publicá-los, você concede ao Acervo uma licença não exclusiva para exibi-los e distribuí-los na plataforma.',
      },
      {
        title: 'Uso adequado',
        body: 'Não publique conteúdo ilegal, ofensivo ou que viole direitos de terceiros. A plataforma pode remover conteúdo ou suspender contas que descumpram estes termos.',
      },
      {
        title: 'Alterações',
        body: 'Estes termos podem ser atualizados. Avisaremos sobre mudanças importantes.',
      },
      {
        title: 'Contato',
        body: 'Dúvidas sobre estes termos podem ser enviadas para {{email}}.',
      },
    ],
  },
};
