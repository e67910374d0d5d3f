import type { Catalog } from '../types';

export const analytics: Catalog['analytics'] = {
  notice: {
    label: 'Cookie notice',
    text: 'We use Google Analytics cookies to understand how Acervo is used. They are only turned on if you accept.',
    more: 'Learn more',
    accept: 'Accept',
    decline: 'Decline',
  },
  preferences: {
    title: 'Visit statistics',
    own: 'Acervo counts how many times each page is viewed per day, without cookies and without keeping anything about you (no IP, no account).',
    google: 'Acervo uses Google Analytics, with cookies, to count page views, only if you accept.',
    toggle: 'Include my visits in the statistics',
    doNotTrack: 'Your browser asks not to be tracked (Do Not Track), so your visits are never counted.',
  },
};
