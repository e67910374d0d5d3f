export const landing = {
  pageTitle: 'Preferências que conectam pessoas',
  hero: {
    eyebrow: 'Coleções de preferências',
    title: 'Preferências que conectam pessoas.',
    lead: 'Guarde o que você ama em coleções, descubra recomendações de quem você confia e encontre pessoas com gostos parecidos com os seus.',
    cta: 'Criar minha conta',
    secondary: 'Já tenho conta',
    imageAlt: 'Cartões de coleções com livros, filmes e lugares favoritos',
  },
  purpose: {
    heading: 'Para que serve o Acervo',
    body: 'Recomendações valem mais quando vêm de pessoas reais. No Acervo, cada pessoa organiza seus livros, filmes, músicas, lugares e tudo o que gosta em coleções. Usamos inteligência artificial para aproximar quem tem preferências em comum e criar conexões inteligentes.',
    points: [
      'Coleções públicas, privadas ou colaborativas',
      'Recomendações de pessoas de confiança',
      'Conexões por afinidade, com ajuda de IA',
    ],
  },
  how: {
    heading: 'Como funciona',
    steps: [
      { title: 'Crie sua conta', body: 'Cadastre-se em menos de um minuto, só com nome, e-mail e senha.' },
      {
        title: 'Monte suas coleções',
        body: 'Agrupe suas preferências por categoria e adicione itens com descrição.',
      },
      {
        title: 'Descubra recomendações',
        body: 'Veja no feed as coleções mais populares e as de cada categoria.',
      },
      { title: 'Conecte-se', body: 'Siga pessoas e coleções que combinam com você e compartilhe as suas.' },
    ],
  },
  testimonials: {
    heading: 'Quem usa, recomenda',
    avatarAlt: 'Foto de {{name}}',
    items: [
      {
        name: 'Mariana Lopes',
        date: '12/03/2025',
        text: 'Finalmente um lugar para guardar os livros que quero ler e descobrir outros com amigos que têm o mesmo gosto.',
      },
      {
        name: 'Rafael Souza',
        date: '28/02/2025',
        text: 'Minha coleção de restaurantes em São Paulo virou referência entre os colegas de trabalho.',
      },
      {
        name: 'Beatriz Almeida',
        date: '15/01/2025',
        text: 'As recomendações de filmes são certeiras. Descobri diretores que eu nunca teria encontrado.',
      },
      {
        name: 'Carlos Pereira',
        date: '03/01/2025',
        text: 'Uso para organizar discos de vinil e trocar dicas com outros colecionadores.',
      },
      {
        name: 'Juliana Costa',
        date: '19/12/2024',
        text: 'Montei uma coleção colaborativa de viagens com a família. Ficou tudo em um só lugar.',
      },
      {
        name: 'Pedro Henrique',
        date: '02/12/2024',
        text: 'Gosto de seguir pessoas com gostos parecidos. O feed sempre traz algo interessante.',
      },
    ],
  },
  apps: {
    heading: 'Em breve no seu celular',
    body: 'O aplicativo do Acervo para iOS e Android está chegando. Enquanto isso, use a versão web em qualquer navegador.',
    soon: 'Em breve',
    appStore: 'Em breve na App Store',
    googlePlay: 'Em breve no Google Play',
  },
  finalCta: {
    heading: 'Comece sua primeira coleção hoje',
    button: 'Quero criar minha conta',
  },
};

export const help = {
  pageTitle: 'Ajuda',
  title: 'Central de ajuda',
  subtitle: 'Respostas para as dúvidas mais comuns sobre o Acervo.',
  faq: [
    {
      q: 'O que é uma coleção?',
      a: 'Uma coleção é uma lista das suas preferências dentro de uma categoria, como livros, filmes ou lugares. Você adiciona itens com nome e descrição e pode organizá-los como quiser.',
    },
    {
      q: 'Quem pode ver as minhas coleções?',
      a: 'As coleções podem ser públicas ou privadas. As públicas aparecem no seu perfil e no feed; as privadas só são vistas por você e pelos colaboradores que você convidar.',
    },
    {
      q: 'Posso montar uma coleção com outras pessoas?',
      a: 'Sim. As coleções podem ser colaborativas: convide pessoas para editar com você e compartilhe a coleção por link.',
    },
  ],
  moreHelp: 'Não encontrou o que procurava?',
  contactLink: 'Fale com a gente',
};

export const contact = {
  pageTitle: 'Contato',
  title: 'Fale conosco',
  subtitle: 'Dúvidas, sugestões ou problemas? Envie uma mensagem e responderemos por e-mail.',
  fields: {
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone (opcional)',
    message: 'Mensagem',
  },
  submit: 'Enviar mensagem',
  helpPrompt: 'Antes de escrever, veja se a sua dúvida já está na',
  helpLink: 'central de ajuda',
  successTitle: 'Mensagem enviada',
  sendAnother: 'Enviar outra mensagem',
  directEmail: 'Você também pode escrever para <mail>{{email}}</mail>.',
};

export const onboarding = {
  pageTitle: 'Boas-vindas',
  title: 'Boas-vindas ao Acervo, {{name}}!',
  subtitle: 'Sua conta está pronta. Por onde você quer começar?',
  cards: [
    {
      title: 'Crie sua primeira coleção',
      body: 'Escolha uma categoria e comece a guardar suas preferências.',
      action: 'Criar coleção',
    },
    {
      title: 'Explore recomendações',
      body: 'Veja as coleções mais populares e descubra pessoas com gostos parecidos.',
      action: 'Ir para o feed',
    },
    {
      title: 'Complete seu perfil',
      body: 'Adicione uma foto e seus dados para que as pessoas reconheçam você.',
      action: 'Completar perfil',
    },
    {
      title: 'Traga o seu histórico',
      body: 'Importe seus filmes do Letterboxd, seus livros do Goodreads ou uma planilha.',
      action: 'Importar',
    },
  ],
};
