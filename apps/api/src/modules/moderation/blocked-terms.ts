import { issue } from '@acervo/contract/validation';
import type { Queryable } from '../../db/client.ts';
import { validationFailed } from '../../lib/app-error.ts';

/**
 * Refuses (400, `blockedTerm` on the field) a name or description holding a term on the
 * operators' list: case-insensitive, accents ignored, anywhere in the text.
 */
export async function assertNoBlockedTerms(
  db: Queryable,
  fields: Record<string, string | null | undefined>,
): Promise<void> {
  const entries = Object.entries(fields).filter((e): e is [string, string] => Boolean(e[1]));
  if (entries.length === 0) return;
  const rows = await db.query<{ i: number }>(
    `SELECT DISTINCT f.i FROM unnest($1::text[]) WITH ORDINALITY AS f(text, i)
     JOIN blocked_terms t ON position(lower(unaccent(t.term)) IN lower(unaccent(f.text))) > 0`,
    [entries.map(([, text]) => text)],
    'blocked_terms_match',
  );
  if (rows.length === 0) return;
  throw validationFailed(
    Object.fromEntries(rows.map((r) => [entries[Number(r.i) - 1]![0], issue.blockedTerm])),
  );
}
