// s3rver ships no types; this covers the part media-s3.test.ts uses.
declare module 's3rver' {
  import type { RequestListener } from 'node:http';

  export default class S3rver {
    constructor(options: { directory: string; silent?: boolean; configureBuckets?: { name: string }[] });
    configureBuckets(): Promise<void>;
    /** The Koa request handler, to mount in a server of our own. */
    callback(): RequestListener;
    logger: { close(): void; exceptions: { unhandle(): void } };
  }
}
