/** Types of postgres-server.mjs, for the TypeScript that starts its own server (fault tests). */
export interface PostgresServer {
  kind: 'system' | 'bundled';
  bin: string;
  port: number;
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust authentication on loopback). */
  url: string;
  start(): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): void;
  kill(): Promise<void>;
  destroy(): void;
}
export function createPostgresServer(options?: { synchronousCommit?: boolean }): Promise<PostgresServer>;
