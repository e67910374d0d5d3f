/**
 * The little of the tar format (POSIX ustar) that backups need: regular files with short names,
 * written and read as streams. Only archives we wrote are read back, and names are checked by the
 * caller, so links, long names and the other entry types are refused rather than handled.
 */
const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Buffer;
}

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive's bytes, entry by entry (pipe them through gzip into a file). */
export async function* packTar(entries: AsyncIterable<TarEntry>): AsyncGenerator<Buffer> {
  for await (const { name, data } of entries) {
    yield header(name, data.length);
    yield data;
    yield padding(data.length);
  }
  yield Buffer.alloc(2 * BLOCK);
}

/** The entries of an archive, from its (decompressed) bytes; each entry is held in memory whole. */
export async function* unpackTar(chunks: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  let buffered: Buffer = Buffer.alloc(0);
  const iterator = chunks[Symbol.asyncIterator]();
  const fill = async (size: number) => {
    const parts = [buffered];
    let length = buffered.length;
    while (length < size) {
      const next = await iterator.next();
      if (next.done) throw new Error('the archive is truncated');
      parts.push(next.value);
      length += next.value.length;
    }
    buffered = Buffer.concat(parts);
  };
  const take = async (size: number) => {
    await fill(size);
    const taken = buffered.subarray(0, size);
    buffered = buffered.subarray(size);
    return taken;
  };
  for (;;) {
    const block = await take(BLOCK);
    if (block.every((b) => b === 0)) return;
    if (block.toString('ascii', 257, 262) !== 'ustar') throw new Error('not a tar archive');
    const type = block.toString('ascii', 156, 157);
    if (type !== '0' && type !== '\0') throw new Error('unexpected tar entry type');
    const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = parseInt(block.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    const data = Buffer.from(await take(size));
    await take(padding(size).length);
    yield { name, data };
  }
}
