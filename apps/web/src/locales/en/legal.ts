import type { Catalog } from '../types';

export const legal: Catalog['legal'] = {
  updatedAt: 'Last updated: {{date}}',
  updatedDate: 'November 1, 2026',
  privacy: {
    pageTitle: 'Privacy policy',
    title: 'Privacy policy',
    subtitle: 'How Acervo collects, uses and protects your personal data.',
    sections: [
      {
        title: 'Data collected at sign-up',
        body: 'When you create an account we collect your name, e-mail, birth date and password. The password is stored hashed and is never shown.',
      },
      {
        title: 'Profile data',
        body: 'You may add a photo, a biography and preferences. They appear on your profile according to the visibility of your collections.',
      },
      {
        title: 'Data collected automatically',
        body: 'We record device and browser information, IP address, pages visited and the cookies needed to keep you signed in and improve the service.',
      },
      {
        title: 'Social sign-in',
        body: 'If you sign in with an external provider, we receive your name, e-mail and photo from it, only to create and identify your account.',
      },
      {
        title: 'Account deletion',
        body: 'You may delete your account and your data, or download a copy of them, at any time in the Security area of your account.',
        link: { to: '/account/security', label: 'Delete or download my data' },
      },
      {
        title: 'Contact',
        body: 'Questions about privacy can be sent to {{email}} or through the contact page.',
      },
    ],
  },
  terms: {
    pageTitle: 'Terms of use',
    title: 'Terms of use',
    subtitle: 'The rules for using Acervo. Read them carefully before creating your account.',
    sections: [
      {
        title: 'Minimum age',
        body: 'You must be at least 18 years old to use Acervo.',
      },
      {
        title: 'Your content',
        body: 'The collections and items you publish remain yours. By publishing them you grant Acervo a non-exclusive licence to display and distribute them on the platform.',
      },
      {
        title: 'Proper use',
        body: 'Do not publish illegal or offensive content or content that infringes the rights of others. The platform may remove content or suspend accounts that break these terms.',
      },
      {
        title: 'Changes',
        body: 'These terms may be updated. We will let you know about important changes.',
      },
      {
        title: 'Contact',
        body: 'Questions about these terms can be sent to {{email}}.',
      },
    ],
  },
};
