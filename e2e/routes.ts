import { fileURLToPath } from 'node:url';
import { routeTable } from '../apps/web/build/route-table.ts';

const ROUTER = fileURLToPath(new URL('../apps/web/src/app/router.tsx', import.meta.url));

/**
 * Every full path the web app declares, read from the route objects of `router.tsx`, so a
 * journey can prove it visits each one.
 */
export function declaredRoutes(): string[] {
  return routeTable(ROUTER).map((route) => route.path);
}
