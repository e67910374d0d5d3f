import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite 0.5 on Node never makes a commit durable (issue 14: `strace` saw `pwrite` to the WAL and
 * no fsync): it starts PostgreSQL with `-F` (fsync off), and even with fsync on, Emscripten's
 * NODEFS has no fsync of its own and its fdatasync is a no-op. So a durable start (1) drops `-F`,
 * (2) makes PostgreSQL flush with fsync(), which reaches the file system's `fsync` stream
 * operation, and (3) gives NODEFS that operation: fsync(2) of the real file. PostgreSQL then
 * flushes the WAL before a commit returns and data files at checkpoints, as it does on a server.
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

interface NodefsStream {
  nfd?: number;
  node: unknown;
}
type SetAttr = (
  arg: unknown,
  node: unknown,
  attr: unknown,
  chmod: (target: unknown, mode: number) => void,
  ...rest: unknown[]
) => void;
interface Nodefs {
  stream_ops: { fsync?: (stream: NodefsStream) => void };
  realPath(node: unknown): string;
  doSetAttr: SetAttr;
}

/**
 * PostgreSQL inside PGlite sets its files' modes itself (0666: Emscripten's NODEFS passes them on
 * to chmod), which made DATA_DIR's database world-writable (issue 23). Every mode it sets loses
 * its group and other bits, so the files stay 0600 and the directories 0700.
 */
function ownerOnlyModes(nodefs: Nodefs): void {
  const doSetAttr = nodefs.doSetAttr.bind(nodefs);
  nodefs.doSetAttr = (arg, node, attr, chmod, ...rest) =>
    doSetAttr(arg, node, attr, (target, mode) => chmod(target, mode & ~0o077), ...rest);
}

export class DurableNodeFS extends NodeFS {
  readonly #durable: boolean;

  constructor(dir: string, durable: boolean) {
    super(dir);
    this.#durable = durable;
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const durable = this.#durable;
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: { NODEFS: Nodefs }) => {
        const nodefs = mod.NODEFS;
        ownerOnlyModes(nodefs);
        if (!durable) return;
        nodefs.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) {
            fs.fsyncSync(stream.nfd);
            return;
          }
          // A directory (PostgreSQL syncs one after creating or renaming a file in it): NODEFS
          // keeps no descriptor for those, so open the real directory to sync it.
          const fd = fs.openSync(nodefs.realPath(stream.node), 'r');
          try {
            fs.fsyncSync(fd);
          } finally {
            fs.closeSync(fd);
          }
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}
