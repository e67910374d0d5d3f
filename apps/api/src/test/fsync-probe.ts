import fs, { readlinkSync } from 'node:fs';
import { BroadcastChannel, isMainThread } from 'node:worker_threads';

/**
 * Loaded into the embedded database's thread by a test (`openDb({ threadPreload })`, decision 042):
 * every fsync(2) that thread makes through `fs.fsyncSync` (the durable file system's, durable-fs.ts)
 * is still made, and the real path of the file it flushes is posted on `FSYNC_PROBE_CHANNEL` for
 * the test on the main thread to see. A spy on the main thread's `fs` would see none: each thread
 * has its own modules. Imported on the main thread (for the channel's name) it does nothing.
 */
export const FSYNC_PROBE_CHANNEL = 'acervo-fsync-probe';

if (!isMainThread) {
  const channel = new BroadcastChannel(FSYNC_PROBE_CHANNEL);
  channel.unref();
  const fsyncSync = fs.fsyncSync;
  fs.fsyncSync = (fd) => {
    channel.postMessage(readlinkSync(`/proc/self/fd/${fd}`));
    fsyncSync(fd);
  };
}
