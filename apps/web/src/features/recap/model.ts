/**
 * The recap invitation's season (issue 28): from 1 December to 31 January, the year to look back
 * on (the current one in December, the one just gone in January); null the rest of the year.
 */
export function recapSeasonYear(today: Date): number | null {
  const month = today.getMonth();
  if (month === 11) return today.getFullYear();
  if (month === 0) return today.getFullYear() - 1;
  return null;
}

/** A month (1-12) by name in the reader's language: "novembro", "November". */
export const monthName = (month: number, language: string) =>
  new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : language, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
