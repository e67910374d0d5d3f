/**
 * Zod 4 probes `new Function('')` to see whether it may compile fast parsers, unless its global
 * config says `jitless`. Our Content-Security-Policy forbids eval, so the probe fails quietly but
 * Chromium still reports a CSP violation on every page with a form (Lighthouse's "Issues" audit
 * and best-practices score, issue 12). Zod reads this global config when it first builds a schema,
 * so this module is imported first, before any module that loads zod, and imports nothing itself
 * (zod stays out of the first pages' chunks).
 *
 * Since the contract moved to zod/mini (decision 033) the probe is not even reached: mini's objects
 * parse without compiled code, and only classic's `$ZodObjectJIT` probes. This stays as the guard
 * for any schema that would compile one (`z.compile`, a classic schema), at the cost of one line.
 */
const zodConfigHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodConfigHolder.__zod_globalConfig = { ...zodConfigHolder.__zod_globalConfig, jitless: true };
