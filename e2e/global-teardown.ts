import { rm } from 'node:fs/promises';

/** Removes the temporary database the run's server used (playwright.config.ts made it). */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('acervo-e2e-')) await rm(dir, { recursive: true, force: true });
}
