// `npm run multinode`: two API processes behind nginx over one throwaway PostgreSQL (started by
// scripts/with-postgres.mjs), with nginx running the repository's own deploy/nginx/acervo.conf,
// rendered into a temporary directory. Checks and prints: sign-in through nginx, requests answered
// by both nodes, a like seen alike through both, a per-IP limit shared by both, hashed assets from
// the disk, and nginx answering through the other node once one is killed. Exits 1 if a check
// fails. Needs nginx (Debian: apt-get install nginx). See docs/operations.md, "Several API nodes".
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILMES } from '../src/modules/collection/collection.test-helpers.ts';
import { freePort, startServer, waitFor, type RunningServer } from '../src/test/server-process.ts';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const CONF = fileURLToPath(new URL('../../../deploy/nginx/acervo.conf', import.meta.url));
const DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const PER_IP = 8;

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.error('usage: npm run multinode (runs this under scripts/with-postgres.mjs)');
  process.exit(2);
}
if (!existsSync(NGINX)) {
  console.error(`nginx not found at ${NGINX} (apt-get install -y nginx, or set NGINX_BIN)`);
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'acervo-multinode-'));
const nodes: RunningServer[] = [];
let nginx: ChildProcess | undefined;
let failures = 0;

function check(ok: boolean, what: string, detail = '') {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
}

/** The repository's site config with the nodes, port and web root of this run (the "rendered" lines). */
function renderSite(ports: number[], listen: number): string {
  const site = readFileSync(CONF, 'utf8');
  const upstream = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n');
  const rendered = site
    .replace(/^( {4}server 127\.0\.0\.1:\d+ .*;\n)+/m, `${upstream}\n`)
    .replace(/^ {4}listen 80; # rendered$/m, `    listen 127.0.0.1:${listen};`)
    .replace(/^ {4}root \/srv\/acervo\/apps\/web\/dist;$/m, `    root ${DIST};`);
  for (const line of [`127.0.0.1:${ports[0]}`, `listen 127.0.0.1:${listen}`, `root ${DIST}`]) {
    if (!rendered.includes(line)) throw new Error(`deploy/nginx/acervo.conf: could not render "${line}"`);
  }
  return rendered;
}

/** A main config around the site, everything nginx writes kept in `dir` (no root needed). */
function mainConfig(): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `    ${t}_temp_path ${join(dir, 'temp', t)};`)
    .join('\n');
  return `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
${temp}
    include ${join(dir, 'acervo.conf')};
}
`;
}

async function startNginx(ports: number[]): Promise<string> {
  const port = await freePort();
  mkdirSync(join(dir, 'temp'));
  writeFileSync(join(dir, 'acervo.conf'), renderSite(ports, port));
  writeFileSync(join(dir, 'nginx.conf'), mainConfig());
  const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')];
  const test = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the rendered config:\n${test.stderr}`);
  nginx = spawn(NGINX, args, { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  let up = false;
  const poll = setInterval(() => {
    fetch(`${base}/api/v1/config`)
      .then((r) => (up = r.ok))
      .catch(() => {});
  }, 100);
  try {
    await waitFor(() => up || nginx?.exitCode !== null, 'nginx');
  } finally {
    clearInterval(poll);
  }
  if (!up) throw new Error(`nginx did not start:\n${readFileSync(join(dir, 'error.log'), 'utf8')}`);
  return base;
}

function stopNginx() {
  // By the pid nginx wrote in this run's directory: the master, which stops its worker.
  const pidFile = join(dir, 'nginx.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : nginx?.pid;
  if (pid) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // Already gone.
    }
  }
}

let base = '';
async function send(method: string, path: string, token?: string, body?: unknown, headers = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    node: res.headers.get('x-acervo-node'),
    headers: res.headers,
    json: () => JSON.parse(text),
  };
}
const tally = (names: (string | null)[]) =>
  Object.entries(
    names.reduce<Record<string, number>>((t, n) => ({ ...t, [n ?? '-']: (t[n ?? '-'] ?? 0) + 1 }), {}),
  )
    .map(([n, c]) => `${n}: ${c}`)
    .join(', ');

async function register(name: string) {
  const password = `Senha-${randomBytes(4).toString('hex')}`;
  const email = `${name.toLowerCase()}.${randomBytes(3).toString('hex')}@exemplo.com.br`;
  const res = await send('POST', '/api/v1/registration', undefined, {
    name,
    email,
    password,
    password_confirmation: password,
  });
  if (res.status !== 201) throw new Error(`registration through nginx: ${res.status}`);
  return { email, password };
}

async function run() {
  const shared = {
    DATABASE_URL: databaseUrl!,
    DATA_DIR: join(dir, 'data'), // one shared volume: photos and mail, no database on PostgreSQL
    MEDIA_URL_SECRET: randomBytes(32).toString('base64url'),
    NODE_ENV: 'production',
    TRUST_PROXY: '127.0.0.1',
    AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
    RECOMMEND_REFRESH_SECONDS: '3600',
  };
  // Both at once, as after a deploy: each runs the migrations at start (one applies them).
  const started = await Promise.all(
    ['a', 'b'].map((name) => startServer({ ...shared, API_NODE_NAME: name })),
  );
  nodes.push(...started);
  check(
    true,
    'two API nodes started together over one PostgreSQL',
    `ports ${nodes.map((n) => n.port).join(', ')}`,
  );
  base = await startNginx(nodes.map((n) => n.port));
  console.log(`     nginx on ${base}, config rendered from deploy/nginx/acervo.conf into ${dir}`);

  // Sign in through nginx, then be served by both nodes with that token.
  const ana = await register('Ana');
  const session = await send('POST', '/api/v1/session', undefined, { user: ana });
  check(session.status === 200, 'signed in through nginx', `answered by node ${session.node}`);
  const token = session.json().data.access_token as string;
  const reads = await Promise.all(Array.from({ length: 8 }, () => send('GET', '/api/v1/sessions', token)));
  const readNodes = reads.map((r) => r.node);
  check(
    reads.every((r) => r.status === 200) && new Set(readNodes).size === 2,
    'the session is served by both nodes',
    tally(readNodes),
  );

  // A like through one node is seen, counted and marked as mine, through both.
  const bia = await register('Bia');
  const biaToken = (await send('POST', '/api/v1/session', undefined, { user: bia })).json().data.access_token;
  const created = await send('POST', '/api/v1/collection', biaToken, {
    category_id: FILMES,
    name: 'Filmes para rever',
    description: 'Os que eu revejo',
  });
  const id = created.json().data.id as string;
  const like = await send('PUT', `/api/v1/collection/${id}/like`, token);
  const views = await Promise.all(
    Array.from({ length: 4 }, () => send('GET', `/api/v1/collection/${id}`, token)),
  );
  check(
    like.status === 200 &&
      views.every((v) => v.json().data.likes === 1 && v.json().data.liked_by_me === true),
    'a like made through one node is seen through both (likes 1, liked_by_me)',
    `liked on ${like.node}; read on ${tally(views.map((v) => v.node))}`,
  );

  // The per-IP limit counts requests through both nodes; a client-made X-Forwarded-For changes
  // nothing (nginx replaces it). Two sign-ins above count already.
  const attempts: { status: number; node: string | null }[] = [];
  for (let n = 0; n < PER_IP + 2; n += 1) {
    const res = await send('POST', '/api/v1/session', undefined, {}, { 'x-forwarded-for': `192.0.2.${n}` });
    attempts.push(res);
    if (res.status === 429) break;
  }
  const before = attempts.findIndex((r) => r.status === 429);
  check(
    before === PER_IP - 2 && new Set(attempts.map((r) => r.node)).size === 2,
    `the per-IP sign-in limit (${PER_IP}/min) is one count across both nodes`,
    `429 after ${before + 2} requests, answered by ${tally(attempts.map((r) => r.node))}`,
  );

  // Hashed assets come from the disk, compressed ahead of time, without reaching a node.
  const assets = existsSync(join(DIST, 'assets')) ? readdirSync(join(DIST, 'assets')) : [];
  const script = assets.find((f) => f.endsWith('.js') && assets.includes(`${f}.gz`));
  if (script) {
    const res = await send('GET', `/assets/${script}`, undefined, undefined, { 'accept-encoding': 'gzip' });
    check(
      res.status === 200 && res.headers.get('content-encoding') === 'gzip' && res.node === null,
      'hashed assets are served by nginx from the .gz beside them',
      `${script}: ${res.headers.get('cache-control')}`,
    );
  } else {
    console.log('skip the web app is not built (npm run build): no assets to serve');
  }

  // One node dies: nginx answers every request through the other.
  const victim = nodes[0]!;
  victim.proc.kill('SIGKILL');
  await victim.exited;
  const t0 = performance.now();
  const after = [];
  for (let n = 0; n < 10; n += 1) after.push(await send('GET', `/api/v1/collection/${id}`, token));
  const unlike = await send('DELETE', `/api/v1/collection/${id}/like`, token);
  const ms = Math.round(performance.now() - t0);
  check(
    after.every((r) => r.status === 200 && r.node === 'b') && unlike.status === 200,
    'node a killed (-9): nginx answers every request through node b',
    `10 reads and a write, ${ms} ms, ${tally(after.map((r) => r.node))}`,
  );
}

let code = 0;
try {
  await run();
  console.log(failures === 0 ? 'multinode: all checks passed' : `multinode: ${failures} check(s) failed`);
  code = failures === 0 ? 0 : 1;
} catch (err) {
  console.error('multinode failed:', err instanceof Error ? err.message : err);
  for (const n of nodes) if (n.proc.exitCode === null) console.error(n.output().slice(-2000));
  code = 1;
} finally {
  stopNginx();
  for (const n of nodes) if (n.proc.exitCode === null && n.proc.signalCode === null) n.proc.kill('SIGTERM');
  await Promise.all(nodes.map((n) => n.exited));
  if (nginx && nginx.exitCode === null) await new Promise((r) => nginx!.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
