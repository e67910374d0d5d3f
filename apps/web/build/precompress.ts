import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(html|js|css|svg|json|webmanifest|txt|xml)$/;

/** Writes `file`.gz and `file`.br, at the highest levels since it happens once per build. */
export function writeCompressed(file: string): void {
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

/**
 * Writes a .br and a .gz beside every text file of the build over 1 KB (issue 12), at the highest
 * levels since it happens once; the server sends them as they are (@fastify/static preCompressed).
 * Source maps are left alone: only developers' tools fetch them.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'acervo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!TEXT.test(file) || file.includes('/.vite/') || statSync(file).size < 1024) continue;
        writeCompressed(file);
      }
    },
  };
}
