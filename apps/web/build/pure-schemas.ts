import type { Plugin } from 'vite';

/** The shared contract's sources (packages/contract/src), as the web build imports them. */
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Where each call and `new` of `node` starts, not looking into function bodies (they run later). */
function callStarts(node: Node, starts: number[]): void {
  if (/Function/.test(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.push(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) callStarts(child, starts);
  }
}

/**
 * Marks every call made at the contract's module scope as pure (`/* @__PURE__ *\/`), so the web
 * build drops the schemas a page never uses instead of building them when its chunk is evaluated
 * (issue 12: on /login, building the contract's schemas was ~100 ms of a 4x-throttled start-up).
 * The contract's module scope only declares: it builds schemas (zod/mini's builders and our helpers
 * around them, such as `envelope` or `requiredText`) and constants, with nothing to run for its
 * effect. zod/mini's own `@__NO_SIDE_EFFECTS__` annotations, on its function declarations, are not
 * read across modules by the bundler, and they would not cover our helpers.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'acervo-pure-schemas',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT_SOURCE },
      handler(code) {
        const starts: number[] = [];
        for (const statement of (this.parse(code) as unknown as { body: Node[] }).body) {
          callStarts(statement, starts);
        }
        // From the end, so the offsets still ahead stay right; a chain's calls share a start.
        let marked = code;
        for (const start of [...new Set(starts)].sort((a, b) => b - a)) {
          marked = `${marked.slice(0, start)}/* @__PURE__ */ ${marked.slice(start)}`;
        }
        return { code: marked, map: null };
      },
    },
  };
}
