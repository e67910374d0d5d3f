import type { Catalog } from '../types';

export const auth: Catalog['auth'] = {
  fields: {
    name: 'Full name',
    email: 'E-mail',
    password: 'Password',
    passwordConfirmation: 'Confirm the password',
    remember: 'Remember me',
  },
  placeholders: {
    name: 'Your full name',
    email: 'you@example.com',
  },
  login: {
    pageTitle: 'Log in',
    title: 'Log in to your account',
    subtitle: 'Good to see you again.',
    forgot: 'I forgot my password',
    submit: 'Log in',
    noAccount: "Don't have an account yet?",
    register: 'Sign up',
    google: 'Log in with Google',
    or: 'or',
  },
  register: {
    pageTitle: 'Create account',
    title: 'Create your account',
    subtitle: 'Keep your preferences and find people with similar taste.',
    submit: 'Create account',
    agreement:
      'By creating an account you agree to the <terms>Terms of use</terms> and the <privacy>Privacy policy</privacy>.',
    hasAccount: 'Already have an account?',
    login: 'Log in',
    opensInNewTab: '(opens in a new tab)',
  },
  recover: {
    pageTitle: 'Recover password',
    title: 'Recover password',
    subtitle: "Enter your account's e-mail.",
    submit: 'Reset password',
    back: 'Back to log in',
    sent: 'If there is an account with this e-mail, we sent it a link to reset the password. It is valid for 1 hour.',
  },
  reset: {
    pageTitle: 'Reset password',
    title: 'Reset password',
    subtitle: 'Choose a new password for your account.',
    password: 'New password',
    passwordConfirmation: 'Confirm the new password',
    submit: 'Save new password',
    done: 'Password reset. Sign in with the new password.',
    login: 'Sign in',
    requestNew: 'Ask for a new link',
  },
  side: {
    heading: 'Your preferences, your people.',
    body: 'Create collections, discover trusted recommendations and connect with people who like what you like.',
  },
};
