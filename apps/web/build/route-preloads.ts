// By path: the config's loader bundles relative imports, and Node cannot load a package's .ts.
import { pagePattern, type PagePattern } from '../../../packages/contract/src/analytics.ts';
import type { Plugin, Rolldown } from 'vite';
import { routeTable } from './route-table.ts';

/**
 * One page's files beyond the entry's, files from /: `path` is its page pattern (`/lists/:id`,
 * `/reset/*`), by which the server looks an address up (`pagePattern`).
 */
export type RoutePreload = { path: PagePattern; js: string[]; css: string[] };

/** Where the build writes the table, beside Vite's manifest (not a page, not precached). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes dist/.vite/route-preloads.json (issue 12): for each route of router.tsx, the JavaScript
 * chunks and stylesheets its lazy page loads that the entry does not. The server names them in the
 * index.html it sends for that address (`<link rel="modulepreload">`, `<link rel="stylesheet">`),
 * so the browser fetches the page's chunk together with the entry instead of after it.
 */
export function routePreloads(routerFile: string): Plugin {
  return {
    name: 'acervo-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is Rolldown.OutputChunk => output.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(
        chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])),
      );
      /** A chunk and every chunk it imports statically. */
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
      };
      const cssOf = (files: Set<string>) =>
        [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);

      const entry = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, entry);
      const entryCss = new Set(cssOf(entry));

      const table: RoutePreload[] = routeTable(routerFile).flatMap(({ path: routePath, modules }) => {
        // The 404 page (`/*`) is no page pattern: it gets the entry's files only.
        const path = pagePattern(routePath);
        if (!path) return [];
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = byModule.get(module);
          if (!chunk) throw new Error(`${module} (route ${path}) has no chunk of its own in the build`);
          closure(chunk.fileName, files);
        }
        return {
          path,
          js: [...files].filter((file) => !entry.has(file)).map((file) => `/${file}`),
          css: [...new Set(cssOf(files))].filter((file) => !entryCss.has(file)).map((file) => `/${file}`),
        };
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(table) });
    },
  };
}
