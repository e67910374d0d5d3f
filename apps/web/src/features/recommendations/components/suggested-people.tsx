import '../texts';
import type { SuggestedPerson } from '@acervo/contract/recommendation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { Loading } from '../../../components/ui/loading';
import { useSuggestedPeople } from '../hooks/use-recommendations';
import { PersonSuggestionNote } from './suggestion-note';

/**
 * "Pessoas com gostos parecidos" on the Pessoas tab, each with the reason and "Não tenho
 * interesse". The person's card (with 'Seguir') belongs to the social feature: the page passes it.
 */
export function SuggestedPeople({ card }: { card: (person: SuggestedPerson) => ReactNode }) {
  const { t } = useTranslation();
  const query = useSuggestedPeople();
  return (
    <section aria-labelledby="people-suggested-title" className="mb-5">
      <h2 id="people-suggested-title" className="h5 mb-1">
        {t('recommendations.peopleTitle')}
      </h2>
      <p className="text-body-secondary">{t('recommendations.peopleSubtitle')}</p>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState message={t('recommendations.peopleLoadFailed')} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <div className="empty-state text-body-secondary">{t('recommendations.peopleEmpty')}</div>
      ) : (
        <ul className="row g-3 list-unstyled mb-0">
          {query.data.map((person) => (
            <li key={person.id} className="col-12 col-md-6">
              {card(person)}
              <PersonSuggestionNote suggestion={person} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
