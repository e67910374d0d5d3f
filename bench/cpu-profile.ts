// Where a CPU profile's time went: `node --import tsx bench/cpu-profile.ts FILE.cpuprofile [N]`.
// Reads a V8 .cpuprofile (BENCH_CPU_PROF=<dir> npm run bench:api, or node --cpu-prof) and prints
// self time summed by package (node_modules/<name>, node: internals, our files by folder) and the N
// (25) functions with the most self time. Self time is where the CPU was when sampled; "(idle)"
// is waiting, "(garbage collector)" is GC.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx bench/cpu-profile.ts FILE.cpuprofile [N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** The package a frame belongs to: the npm package, a Node internal, or our own folder. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const ours = /\/(apps\/[^/]+\/src\/[^/]+|packages\/[^/]+|bench)\//.exec(url);
  return ours ? ours[1]! : url;
}

const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfTime.values()].reduce((a, b) => a + b, 0);

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, micros] of selfTime) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const pkg = packageOf(url, functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/')}:${lineNumber + 1}`
    : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
}

const busy = total - (byPackage.get('(idle)') ?? 0);
const pct = (micros: number, of: number) => `${((micros / of) * 100).toFixed(1)}%`.padStart(6);
const print = (title: string, entries: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${pct(micros, total)} ${name === '(idle)' ? '      ' : pct(micros, busy)}  ${name}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((busy / total) * 100).toFixed(0)}% busy`);
console.log('columns: share of all samples, share of the busy ones');
print('self time by package', byPackage, 30);
print('self time by function', byFunction, Number(topArg ?? 25));
