import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { API_CACHE } from '../src/lib/offline-cache.ts';
import { serviceWorkerMain } from './service-worker.ts';

/**
 * Writes dist/sw.js (issue 12): the service worker's function called with every file of this
 * build (the page, JS, CSS, icons, the offline page) and a version derived from them, so each
 * deploy installs a new worker that fetches the new files, and the update prompt appears.
 */
export function serviceWorker(publicDir: string): Plugin {
  return {
    name: 'acervo-service-worker',
    apply: 'build',
    // After the files are on disk, so the list names only files this build really wrote (a
    // chunk of a worker's own sub-build appeared in the bundle without being written, and one
    // missing file makes the whole install fail).
    writeBundle(options, bundle) {
      const outDir = options.dir!;
      const hash = createHash('sha256');
      const publicFiles = readdirSync(publicDir).filter((name) => !/\.(webmanifest|ico)$/.test(name));
      for (const name of publicFiles) hash.update(readFileSync(join(publicDir, name)));
      const built = Object.values(bundle)
        .map((output) => output.fileName)
        .filter((name) => /\.(js|css|svg|png|webp|woff2)$/.test(name) && existsSync(join(outDir, name)));
      const precache = ['/index.html', ...[...publicFiles, ...built].map((name) => `/${name}`)];
      const version = hash.update(precache.join('\n')).digest('hex').slice(0, 12);
      const args = [precache, version, API_CACHE].map((value) => JSON.stringify(value)).join(', ');
      writeFileSync(join(outDir, 'sw.js'), `(${serviceWorkerMain.toString()})(${args});\n`);
    },
  };
}
