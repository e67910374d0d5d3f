// Translation lookups on a page's first render (issue 12, decision 038): `npm run bench:i18n`.
//
// The web app's i18next instance (apps/web/src/lib/i18n.ts) answers a key whose text is plain
// straight from the catalogue. This times the calls the /login page's first render makes (header,
// login card and form, footer: the keys below, in that order, two with interpolation values),
// through the app's `t` and through i18next's own getFixedT on a clone of the same instance (same
// options, same catalogues), in Portuguese and in English, alternating rounds in the same run; it
// prints microseconds per page render and the ratio. Node, no browser; a figure of CPU work,
// which Lighthouse multiplies by 4 on a phone. Knob: BENCH_ROUNDS (500: page renders per round).
// Not a test.

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 500));
const REPEATS = 7;

/** The calls of /login's first render, from its components' sources. */
const LOGIN_CALLS: [string, Record<string, unknown>?][] = [
  ['common.skipToContent'],
  ['common.productName'],
  ['common.nav.main'],
  ['common.nav.toggle'],
  ['common.nav.about'],
  ['common.nav.support'],
  ['common.nav.contact'],
  ['common.nav.login'],
  ['common.nav.register'],
  ['auth.login.pageTitle'],
  ['auth.login.title'],
  ['auth.login.subtitle'],
  ['auth.side.heading'],
  ['auth.side.body'],
  ['auth.login.or'],
  ['auth.login.google'],
  ['auth.fields.email'],
  ['auth.placeholders.email'],
  ['auth.fields.password'],
  ['auth.fields.remember'],
  ['auth.login.forgot'],
  ['auth.login.submit'],
  ['auth.login.noAccount'],
  ['auth.login.register'],
  ['common.productName'],
  ['common.tagline'],
  ['common.footer.contactLabel'],
  ['common.footer.content'],
  ['common.footer.about'],
  ['common.footer.privacy'],
  ['common.footer.terms'],
  ['common.footer.help'],
  ['common.nav.support'],
  ['common.footer.contact'],
  ['common.footer.language'],
  ['common.languages.pt'],
  ['common.languages.switchTo', { language: 'Português' }],
  ['common.languages.en'],
  ['common.languages.switchTo', { language: 'English' }],
  ['common.footer.rights', { year: 2026 }],
];

type T = (key: string, options?: Record<string, unknown>) => unknown;
/** What this file uses of the i18next instance (i18next is the web app's dependency, not ours). */
type I18n = {
  getFixedT: (...args: unknown[]) => T;
  changeLanguage: (language: string) => Promise<unknown>;
  cloneInstance: () => I18n;
  addResourceBundle: (language: string, namespace: string, texts: object, deep: boolean) => unknown;
  exists: (key: string) => boolean;
};
// Imported by address: the web app's sources are built by Vite (extensionless imports), which
// this folder's TypeScript project (NodeNext) does not type-check; tsx runs them as they are.
const { i18n } = (await import(new URL('../apps/web/src/lib/i18n.ts', import.meta.url).href)) as {
  i18n: I18n;
};
await i18n.changeLanguage('en');
// i18next unchanged: the clone shares options and catalogues, not the app's getFixedT.
const i18next = i18n.cloneInstance();

// As react-i18next's useTranslation asks for it.
const fixedT = (instance: I18n, language: string): T =>
  instance.getFixedT(language, 'translation', undefined, { scopeNs: ['translation'] });

for (const [key] of LOGIN_CALLS) {
  if (!i18n.exists(key)) throw new Error(`${key} is no longer in the catalogue: update LOGIN_CALLS`);
}

let sink = 0;
/**
 * Microseconds of CPU time per page render: each render asks for a fresh `t`, as components do.
 * Cold: before each render a catalogue is added to (an empty addition, for both), which makes the
 * app forget what it looked up, as on a page's very first render.
 */
function time(instance: I18n, language: string, calls: typeof LOGIN_CALLS, cold: boolean): number {
  const start = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) {
    if (cold) instance.addResourceBundle(language, 'translation', {}, true);
    const t = fixedT(instance, language);
    for (const [key, options] of calls) sink += String(t(key, options)).length;
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / ROUNDS;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const plain = LOGIN_CALLS.filter(([, options]) => !options);
console.log(
  `/login's first render: ${plain.length} plain texts + ${LOGIN_CALLS.length - plain.length} with values; ` +
    `${ROUNDS} renders per round, median of ${REPEATS} rounds, µs of CPU per render`,
);
const rows = [];
for (const language of ['pt', 'en']) {
  for (const [what, calls, cold] of [
    ['plain texts', plain, false],
    ['plain texts, cold', plain, true],
    ['whole page', LOGIN_CALLS, false],
    ['whole page, cold', LOGIN_CALLS, true],
  ] as const) {
    const theirs: number[] = [];
    const ours: number[] = [];
    // Warm-up, then rounds alternate so that a busy moment of the machine hits both.
    time(i18next, language, calls, cold);
    time(i18n, language, calls, cold);
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      theirs.push(time(i18next, language, calls, cold));
      ours.push(time(i18n, language, calls, cold));
    }
    const [a, b] = [median(theirs), median(ours)];
    rows.push({
      language,
      lookups: what,
      'i18next µs': a.toFixed(1),
      'app µs': b.toFixed(1),
      'i18next / app': `${(a / b).toFixed(1)}x`,
    });
  }
}
console.table(rows);
if (sink === 0) console.log('');
