// Loaded into the embedded database's own thread (`openDb({ threadPreload })`, decision 042) by
// bench/load/server.ts when BENCH_DB_CPU_PROF=<file> is set: profiles that thread's CPU from its
// start until the server closes the database, then writes the profile to <file> for
// bench/cpu-profile.ts. The thread is where the mix on PGlite waits (docs/performance.md, "The
// embedded database's file sizes kept"); a profile of the main thread does not see it.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { isMainThread, parentPort } from 'node:worker_threads';

const file = process.env.BENCH_DB_CPU_PROF;
if (!isMainThread && file) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // Registered before the thread's own handler, so it runs first: before PGlite closes.
  parentPort!.on('message', (request: { op?: string }) => {
    if (request.op !== 'close') return;
    session.post('Profiler.stop', (err, result) => {
      if (err) console.error(`[db-thread-profile] ${err.message}`);
      else writeFileSync(file, JSON.stringify(result.profile));
      session.disconnect();
    });
  });
}
