import type { pt } from './pt';

/** Every language has exactly the Portuguese catalogue's shape. */
export type Catalog = typeof pt;
