import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Which Chromium drives the journeys, so that `npm ci && npm test` needs nothing but Node:
 * - `ACERVO_BROWSER=system`: `CHROMIUM_PATH` or Debian's `/usr/bin/chromium` (fails if absent);
 * - `ACERVO_BROWSER=bundled`: the Chromium inside the `@sparticuz/chromium` npm package, unpacked
 *   into the temp folder (about 2 s, once per machine boot), with the fonts it ships;
 * - unset (`auto`): the system one when present, otherwise the bundled one.
 * `.ci/run` forces `bundled` so the fallback cannot rot on a machine that has Debian's.
 */
export interface ChromiumChoice {
  kind: 'system' | 'bundled';
  executablePath: string;
  /** Extra environment for the browser process. */
  env: Record<string, string>;
}

const SYSTEM_HINT = 'apt-get install -y chromium fonts-liberation (or ACERVO_BROWSER=bundled)';

export async function resolveChromium(): Promise<ChromiumChoice> {
  const wanted = process.env.ACERVO_BROWSER ?? 'auto';
  if (!['auto', 'system', 'bundled'].includes(wanted)) {
    throw new Error(`ACERVO_BROWSER must be auto, system or bundled (got "${wanted}")`);
  }
  const systemPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (wanted === 'system' || (wanted === 'auto' && existsSync(systemPath))) {
    if (!existsSync(systemPath)) throw new Error(`Chromium not found at ${systemPath}: ${SYSTEM_HINT}`);
    return { kind: 'system', executablePath: systemPath, env: {} };
  }
  const { default: bundled } = await import('@sparticuz/chromium');
  const executablePath = await bundled.executablePath();
  // The package unpacks Open Sans and a fonts.conf next to the browser; point fontconfig at them
  // so pages render (accents included) on a machine without any system fonts.
  return { kind: 'bundled', executablePath, env: { FONTCONFIG_PATH: join(tmpdir(), 'fonts') } };
}
