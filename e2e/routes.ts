import { readFileSync } from 'node:fs';
import ts from 'typescript';

const ROUTER = new URL('../apps/web/src/app/router.tsx', import.meta.url);

/**
 * Every full path the web app declares, read from the route objects of `router.tsx` (`path`,
 * `index: true`, nested `children`), so a journey can prove it visits each one. Parsed rather
 * than imported: the router pulls in the whole app (JSX, CSS, images).
 */
export function declaredRoutes(): string[] {
  const source = ts.createSourceFile(
    'router.tsx',
    readFileSync(ROUTER, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found = new Set<string>();
  const join = (parent: string, path: string) =>
    path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

  /** The string value of `key` in an object literal, or `true` for `index: true`. */
  const property = (node: ts.ObjectLiteralExpression, key: string) =>
    node.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === key,
    )?.initializer;

  // Route objects sit in arrays (`publicRoutes`, `children: [...]`); spreads point at other arrays.
  const arrays = new Map<string, ts.ArrayLiteralExpression>();
  source.forEachChild(function collect(node) {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isArrayLiteralExpression(node.initializer)) {
      arrays.set(node.name.getText(source), node.initializer);
    }
    node.forEachChild(collect);
  });

  function walk(list: ts.ArrayLiteralExpression, parent: string) {
    for (const element of list.elements) {
      if (ts.isSpreadElement(element)) {
        const target = arrays.get(element.expression.getText(source));
        if (target) walk(target, parent);
        continue;
      }
      if (!ts.isObjectLiteralExpression(element)) continue;
      const path = property(element, 'path');
      const here = path && ts.isStringLiteral(path) ? join(parent, path.text) : parent;
      if (path || property(element, 'index')) found.add(here);
      const children = property(element, 'children');
      const list = children && ts.isIdentifier(children) ? arrays.get(children.text) : children;
      if (list && ts.isArrayLiteralExpression(list)) walk(list, here);
    }
  }
  const routes = arrays.get('routes');
  if (!routes) throw new Error('router.tsx no longer exports `routes`');
  walk(routes, '');
  return [...found].sort();
}
