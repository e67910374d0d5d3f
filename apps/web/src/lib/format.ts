/** Dates as people read them: DD/MM/YYYY in Portuguese (spec section 3). */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', { dateStyle: 'short' }).format(
    new Date(iso),
  );
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
