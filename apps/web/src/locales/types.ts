import type { pt } from './pt';
import type { comments } from './pt/comments';
import type { digest } from './pt/digest';
import type { imports } from './pt/imports';
import type { legal } from './pt/legal';
import type { recap } from './pt/recap';
import type { recommendations } from './pt/recommendations';
import type { safety } from './pt/safety';
import type { stats } from './pt/stats';
import type { taste } from './pt/taste';
import type { timeline } from './pt/timeline';

/**
 * Every language has exactly the Portuguese catalogue's shape. `comments`, `digest`, `legal`, `recap`, `recommendations`, `safety`, `stats`, `taste` and `timeline` are
 * not in the Portuguese first chunk that every visitor downloads: the legal pages and
 * features/safety add them as they load (the sign-in pages' 110 KB budget, decision 026).
 */
export type Catalog = typeof pt & {
  comments: typeof comments;
  digest: typeof digest;
  imports: typeof imports;
  legal: typeof legal;
  recap: typeof recap;
  recommendations: typeof recommendations;
  safety: typeof safety;
  stats: typeof stats;
  taste: typeof taste;
  timeline: typeof timeline;
};
