import puppeteer, { type Browser } from 'puppeteer-core';
import { resolveChromium } from '../e2e/chromium.ts';

/** The browser the web benchmarks drive (bench/web.ts, bench/web-tasks.ts): the suite's Chromium, headless. */
export async function launchChromium(): Promise<Browser> {
  const chromium = await resolveChromium();
  return puppeteer.launch({
    executablePath: chromium.executablePath,
    env: { ...process.env, ...chromium.env } as Record<string, string>,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-sync'],
  });
}
