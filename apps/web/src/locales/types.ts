import type { pt } from './pt';
import type { safety } from './pt/safety';

/**
 * Every language has exactly the Portuguese catalogue's shape. `safety` (issue 23) is not in the
 * Portuguese first chunk: features/safety adds it when it loads (the sign-in pages' budget).
 */
export type Catalog = typeof pt & { safety: typeof safety };
