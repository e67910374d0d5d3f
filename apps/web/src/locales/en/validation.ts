import type { Catalog } from '../types';

export const validation: Catalog['validation'] = {
  nameRequired: 'Enter your full name',
  emailRequired: 'Enter your e-mail.',
  loginEmailRequired: 'Enter your e-mail.',
  passwordRequired: 'Enter your password.',
  passwordRule: 'The password must have at least 8 characters, with letters and numbers.',
  passwordCommon: 'This password is too common. Choose another one.',
  passwordMismatch: 'The passwords do not match.',
  captchaRequired: 'Please complete the reCAPTCHA. (S-01)',
  contactName: 'Enter your name.',
  contactEmail: 'Enter your e-mail.',
  contactMessage: 'Type your message.',
  contactCaptcha: 'Please complete the reCAPTCHA challenge to send the form.',
};
