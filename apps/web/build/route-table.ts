import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** A route of the web app: its full path and the page modules it loads lazily (absolute paths). */
export type RouteEntry = { path: string; modules: string[] };

/**
 * Every full path `router.tsx` declares (`path`, `index: true`, nested `children`) with the modules
 * its `lazy: page(() => import('./routes/x'), ...)` loads, a child adding to its parent's. Parsed
 * rather than imported: the router pulls in the whole app (JSX, CSS, images). Read by the browser
 * suite (a visit per route) and by the build (each page's chunks, for the server to preload).
 */
export function routeTable(routerFile: string): RouteEntry[] {
  const source = ts.createSourceFile(
    'router.tsx',
    readFileSync(routerFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found = new Map<string, Set<string>>();
  const join = (parent: string, path: string) =>
    path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

  /** The value of `key` in an object literal. */
  const property = (node: ts.ObjectLiteralExpression, key: string) =>
    node.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === key,
    )?.initializer;

  /** The module of the first `import('...')` inside `node`, resolved next to the router. */
  function importedModule(node: ts.Node): string | undefined {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      return `${resolve(dirname(routerFile), node.arguments[0].text)}.tsx`;
    }
    return node.forEachChild(importedModule);
  }

  // Route objects sit in arrays (`publicRoutes`, `children: [...]`); spreads point at other arrays.
  const arrays = new Map<string, ts.ArrayLiteralExpression>();
  source.forEachChild(function collect(node) {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isArrayLiteralExpression(node.initializer)) {
      arrays.set(node.name.getText(source), node.initializer);
    }
    node.forEachChild(collect);
  });

  function walk(list: ts.ArrayLiteralExpression, parent: string, parentModules: string[]) {
    for (const element of list.elements) {
      if (ts.isSpreadElement(element)) {
        const target = arrays.get(element.expression.getText(source));
        if (target) walk(target, parent, parentModules);
        continue;
      }
      if (!ts.isObjectLiteralExpression(element)) continue;
      const path = property(element, 'path');
      const here = path && ts.isStringLiteral(path) ? join(parent, path.text) : parent;
      const lazy = property(element, 'lazy');
      const own = lazy && importedModule(lazy);
      const modules = own ? [...parentModules, own] : parentModules;
      if (path || property(element, 'index')) {
        const known = found.get(here) ?? new Set<string>();
        for (const module of modules) known.add(module);
        found.set(here, known);
      }
      const children = property(element, 'children');
      const list = children && ts.isIdentifier(children) ? arrays.get(children.text) : children;
      if (list && ts.isArrayLiteralExpression(list)) walk(list, here, modules);
    }
  }
  const routes = arrays.get('routes');
  if (!routes) throw new Error('router.tsx no longer exports `routes`');
  walk(routes, '', []);
  return [...found]
    .map(([path, modules]) => ({ path, modules: [...modules] }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
