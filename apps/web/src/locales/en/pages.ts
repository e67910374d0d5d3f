import type { Catalog } from '../types';

export const landing: Catalog['landing'] = {
  pageTitle: 'Preferences that connect people',
  hero: {
    eyebrow: 'Collections of preferences',
    title: 'Preferences that connect people.',
    lead: 'Keep what you love in collections, discover recommendations from people you trust and meet people whose taste is like yours.',
    cta: 'Create my account',
    secondary: 'I already have an account',
    imageAlt: 'Collection cards with favourite books, films and places',
  },
  purpose: {
    heading: 'What Acervo is for',
    body: 'Recommendations are worth more when they come from real people. On Acervo, everyone organises their books, films, music, places and everything they like into collections. We use artificial intelligence to bring together people with preferences in common and create intelligent connections.',
    points: [
      'Public, private or collaborative collections',
      'Recommendations from people you trust',
      'Connections by affinity, helped by AI',
    ],
  },
  how: {
    heading: 'How it works',
    steps: [
      {
        title: 'Create your account',
        body: 'Sign up in under a minute with just your name, e-mail and password.',
      },
      {
        title: 'Build your collections',
        body: 'Group your preferences by category and add items with a description.',
      },
      {
        title: 'Discover recommendations',
        body: 'See the most popular collections and those of each category in the feed.',
      },
      { title: 'Connect', body: 'Follow people and collections that match you and share your own.' },
    ],
  },
  testimonials: {
    heading: 'People who use it recommend it',
    avatarAlt: 'Photo of {{name}}',
    items: [
      {
        name: 'Mariana Lopes',
        date: '03/12/2025',
        text: 'At last a place to keep the books I want to read and discover others with friends who share my taste.',
      },
      {
        name: 'Rafael Souza',
        date: '02/28/2025',
        text: 'My collection of restaurants in São Paulo became a reference among my co-workers.',
      },
      {
        name: 'Beatriz Almeida',
        date: '01/15/2025',
        text: 'The film recommendations are spot on. I found directors I would never have come across.',
      },
      {
        name: 'Carlos Pereira',
        date: '01/03/2025',
        text: 'I use it to organise vinyl records and swap tips with other collectors.',
      },
      {
        name: 'Juliana Costa',
        date: '12/19/2024',
        text: 'I built a collaborative travel collection with my family. Everything is in one place now.',
      },
      {
        name: 'Pedro Henrique',
        date: '12/02/2024',
        text: 'I like following people with similar taste. The feed always has something interesting.',
      },
    ],
  },
  apps: {
    heading: 'Coming soon to your phone',
    body: 'The Acervo app for iOS and Android is on its way. Meanwhile, use the web version in any browser.',
    soon: 'Coming soon',
    appStore: 'Coming soon to the App Store',
    googlePlay: 'Coming soon to Google Play',
  },
  finalCta: {
    heading: 'Start your first collection today',
    button: 'I want to create my account',
  },
};

export const help: Catalog['help'] = {
  pageTitle: 'Help',
  title: 'Help centre',
  subtitle: 'Answers to the most common questions about Acervo.',
  faq: [
    {
      q: 'What is a collection?',
      a: 'A collection is a list of your preferences within a category, such as books, films or places. You add items with a name and a description and can arrange them as you like.',
    },
    {
      q: 'Who can see my collections?',
      a: 'Collections can be public or private. Public ones appear on your profile and in the feed; private ones are seen only by you and the collaborators you invite.',
    },
    {
      q: 'Can I build a collection with other people?',
      a: 'Yes. Collections can be collaborative: invite people to edit with you and share the collection by link.',
    },
  ],
  moreHelp: "Didn't find what you were looking for?",
  contactLink: 'Talk to us',
};

export const contact: Catalog['contact'] = {
  pageTitle: 'Contact',
  title: 'Contact us',
  subtitle: 'Questions, suggestions or problems? Send a message and we will answer by e-mail.',
  fields: {
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone (optional)',
    message: 'Message',
  },
  submit: 'Send message',
  helpPrompt: 'Before writing, check whether your question is already answered in the',
  helpLink: 'help centre',
  successTitle: 'Message sent',
  sendAnother: 'Send another message',
  directEmail: 'You can also write to <mail>{{email}}</mail>.',
};

export const onboarding: Catalog['onboarding'] = {
  pageTitle: 'Welcome',
  title: 'Welcome to Acervo, {{name}}!',
  subtitle: 'Your account is ready. Where would you like to start?',
  cards: [
    {
      title: 'Create your first collection',
      body: 'Pick a category and start keeping your preferences.',
      action: 'Create collection',
    },
    {
      title: 'Explore recommendations',
      body: 'See the most popular collections and discover people with similar taste.',
      action: 'Go to the feed',
    },
    {
      title: 'Complete your profile',
      body: 'Add a photo and your details so people recognise you.',
      action: 'Complete profile',
    },
    {
      title: 'Bring your history',
      body: 'Import your films from Letterboxd, your books from Goodreads or a spreadsheet.',
      action: 'Import',
    },
  ],
};
