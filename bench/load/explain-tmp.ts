import { openDb } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { createScratchDatabase } from '../../apps/api/src/db/scratch-database.ts';
import { hashPassword } from '../../apps/api/src/lib/passwords.ts';
import { readTimeline } from '../../apps/api/src/modules/timeline/timeline.service.ts';
import { FULL_SCALE, seedLoad } from './seed.ts';

const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'acervo_explain');
const db = await openDb({ databaseUrl: scratch.url, poolSize: 4 });
await migrate(db);
await seedLoad(db, FULL_SCALE, await hashPassword('Carga2026senha!'));
const people = await db.query<{ id: string }>('SELECT id FROM users ORDER BY id LIMIT 40');
let first = true;
const explaining = new Proxy(db, {
  get(target, prop) {
    if (prop !== 'query') return Reflect.get(target, prop);
    return async (sql: string, params: unknown[], name?: string) => {
      if (first && /timeline/.test(name ?? '')) {
        first = false;
        const plan = await target.query<{ 'QUERY PLAN': string }>('EXPLAIN (ANALYZE, BUFFERS) ' + sql, params);
        console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return target.query(sql, params, name);
    };
  },
});
const times: number[] = [];
for (const p of people) {
  const t = performance.now();
  const page = await readTimeline(explaining as typeof db, { id: p.id } as never, undefined);
  times.push(performance.now() - t);
  if (times.length <= 3) console.log('entries', JSON.stringify(page).length);
}
times.sort((a, b) => a - b);
console.log('timeline ms', times.map((t) => t.toFixed(0)).join(' '));
await db.close();
await scratch.drop();
