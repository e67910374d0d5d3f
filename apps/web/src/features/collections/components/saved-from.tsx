import '../texts';
import type { SavedFrom as SavedFromData } from '@acervo/contract/collection';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "salva de <pessoa>" on a copy (issue 8). The person is named whenever the API sends the line (it
 * leaves it out across a block or for a suspended person); the original is linked only while the
 * viewer may still read it (the API sends its id as null otherwise).
 */
export function SavedFrom({ from, className }: { from: SavedFromData | null; className?: string }) {
  const { t } = useTranslation();
  if (!from) return null;
  return (
    <p className={className ?? 'small text-body-secondary mb-2'}>
      {t('collections.savedFrom.label')} <Link to={`/profile/${from.user_id}`}>{from.user_name}</Link>
      {from.id ? (
        <>
          {' · '}
          <Link to={`/lists/${from.id}`}>{t('collections.savedFrom.original')}</Link>
        </>
      ) : null}
    </p>
  );
}
