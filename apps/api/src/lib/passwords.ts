import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): about 25 ms a hash here, so ~80
 * logins/s over two cores. Explicit so a library default change cannot weaken it silently.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** argon2id at its lowest cost: 0.6 ms a hash instead of 22. */
const TEST_OPTIONS = { ...ARGON2_OPTIONS, memoryCost: 1024, timeCost: 1 } as const;

let options: typeof ARGON2_OPTIONS | typeof TEST_OPTIONS = ARGON2_OPTIONS;

/**
 * The API suites' setup (test/each-test.ts) hashes at argon2id's lowest cost: they make about
 * 1,200 hashes each, a seventh of their CPU at the real cost. Verifying reads the cost from the
 * hash, so the code path is the same; the real cost is what auth.test checks, and what the server
 * processes the suites start (server.test, data-dir.test) and the journeys' server use. Only tests
 * may import it (eslint.config.js).
 */
export function useLowestHashCostForTests(lowest: boolean): void {
  options = lowest ? TEST_OPTIONS : ARGON2_OPTIONS;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-0');
  await verifyPassword(await dummyHash, password);
}
