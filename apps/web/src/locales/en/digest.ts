import type { Catalog } from '../types';

export const digest: Catalog['digest'] = {
  panel: {
    title: 'Digest by e-mail',
    body: 'An e-mail with your unread notifications and highlights from the people you follow. It is only sent when there is something new, and each e-mail has a link to stop it in one click.',
    legend: 'Get the digest',
    off: 'Never',
    daily: 'Every day',
    weekly: 'Every week',
    unverified: 'The digest is only sent once you have confirmed your e-mail.',
    save: 'Save digest',
    saved: 'Digest preference saved.',
    saveFailed: 'Could not save the digest preference. Try again.',
    loadFailed: 'Could not load the digest preference.',
  },
  unsubscribe: {
    pageTitle: 'Stop the e-mail digest',
    title: 'Stop the e-mail digest',
    body: 'You will no longer get the Acervo digest by e-mail. Notifications stay on the site.',
    confirm: 'Stop the digest',
    done: 'Done: you will no longer get the digest by e-mail.',
    settings: 'If you change your mind, turn the digest on again in Configuration › Security.',
    toSettings: 'Open the settings',
    toHome: 'Go to the home page',
    invalid: 'This link to stop the digest is not valid. Turn the digest off in your account settings.',
    failed: 'Could not stop the digest right now. Try again.',
  },
};
