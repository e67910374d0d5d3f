import type { pt } from './pt';
import type { collections } from './pt/collections';
import type { comments } from './pt/comments';
import type { digest } from './pt/digest';
import type { imports } from './pt/imports';
import type { legal } from './pt/legal';
import type { notifications } from './pt/notifications';
import type { contact, help, landing, onboarding } from './pt/pages';
import type { recap } from './pt/recap';
import type { recommendations } from './pt/recommendations';
import type { safety } from './pt/safety';
import type { search } from './pt/search';
import type { social } from './pt/social';
import type { stats } from './pt/stats';
import type { taste } from './pt/taste';
import type { timeline } from './pt/timeline';

/**
 * Every language has exactly the Portuguese catalogue's shape. The namespaces below are not in the
 * Portuguese first chunk that every visitor downloads: the pages and features that show them add
 * them as they load (`features/<feature>/texts.ts`, decision 026's first-page budget).
 */
export type Catalog = typeof pt & {
  collections: typeof collections;
  comments: typeof comments;
  contact: typeof contact;
  digest: typeof digest;
  help: typeof help;
  imports: typeof imports;
  landing: typeof landing;
  legal: typeof legal;
  notifications: typeof notifications;
  onboarding: typeof onboarding;
  recap: typeof recap;
  recommendations: typeof recommendations;
  safety: typeof safety;
  search: typeof search;
  social: typeof social;
  stats: typeof stats;
  taste: typeof taste;
  timeline: typeof timeline;
};
