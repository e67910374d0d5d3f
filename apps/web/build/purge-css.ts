import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import purgeCss from '@fullhuman/postcss-purgecss';
import type { Plugin } from 'postcss';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const reactBootstrap = dirname(createRequire(import.meta.url).resolve('react-bootstrap/package.json'));

/**
 * PurgeCSS over Bootstrap's stylesheet only (issue 12): a class survives when its name appears in
 * our source or in react-bootstrap's, which holds the classes its components set ('modal-dialog',
 * 'show', 'collapsing', 'is-invalid'). The safelist covers what react-bootstrap builds from props
 * at run time (`btn-${variant}`, `col-${breakpoint}-${span}`, `navbar-expand-${expand}`), so a
 * variant used tomorrow still has its rules. Our own app.css and Swiper's CSS are left whole.
 */
const purge = purgeCss({
  content: [
    join(webRoot, 'index.html'),
    join(webRoot, 'src/**/*.{ts,tsx}'),
    join(reactBootstrap, 'esm/*.js'),
  ],
  safelist: {
    standard: [
      /^(btn|alert|bg|text-bg|text|badge|border|link)-/,
      /^(col|row-cols|offset|order|g|gx|gy|gap)-/,
      /^(modal|offcanvas|navbar|nav|dropdown|drop(up|end|start)|form|list-group|table|toast|spinner|placeholder|progress|carousel|accordion|tooltip|popover|bs)-/,
    ],
  },
}) as Plugin;

export const purgeBootstrap: Plugin = {
  postcssPlugin: 'acervo-purge-bootstrap',
  OnceExit(root, helpers) {
    const file = root.source?.input.file ?? '';
    if (!/[\\/]node_modules[\\/]bootstrap[\\/]/.test(file)) return;
    return purge.OnceExit?.(root, helpers);
  },
};
