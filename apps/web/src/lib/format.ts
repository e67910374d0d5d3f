/**
 * Dates as people read them: DD/MM/YYYY (spec section 3), in the reader's time zone, as Intl writes
 * them in Portuguese (pt-BR) and in English (en-GB) alike. Not through Intl (see below): the first
 * Intl.DateTimeFormat cost a shared collection's page 110-160 ms of its first render under
 * Lighthouse's 4x slowdown (decision 037).
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "há 5 minutos" / "5 minutes ago"; "agora" under a minute. */
export function formatRelative(iso: string, language: string, now: number = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(language === 'en' ? 'en' : 'pt-BR', { numeric: 'auto' });
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  return format.format(0, 'second');
}

// Not through Intl: the page's first Intl.NumberFormat or Intl.Collator (so also the first
// `toLocaleString(locale)` or `localeCompare(b, locale)`) loads ICU's locale data, 25-60 ms on this
// machine and 100-250 ms under Lighthouse's 4x slowdown, in the task that draws a profile's cards.
// What the cards need of it is a comma and an accent-blind order.

/** A rating (0.5 to 5, in halves) as the reader writes it: 4,5 in Portuguese, 4.5 in English. */
export function formatRating(rating: number, language: string): string {
  const text = String(rating);
  return language === 'en' ? text : text.replace('.', ',');
}

/** A name without accents or case, for ordering: "Álbuns" -> "albuns". */
function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Orders names as a Portuguese reader expects ("Álbuns" before "Animes", "Éticas" after "Esportes"). */
export function compareNames(a: string, b: string): number {
  const [x, y] = [foldName(a), foldName(b)];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
