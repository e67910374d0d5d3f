import type { RecommendedCollection, SuggestedPerson } from '@acervo/contract/recommendation';
import { NotInterestedButton } from './not-interested-button';
import { CollectionReasonText, PersonReasonText } from './reason-text';

/** Under a suggested collection's card: why it is there, and a way to say no. */
export function CollectionSuggestionNote({ suggestion }: { suggestion: RecommendedCollection }) {
  return (
    <div className="suggestion-note d-flex flex-wrap justify-content-between align-items-baseline gap-2 small mb-2">
      <span className="text-primary-emphasis" data-testid="recommendation-reason">
        <CollectionReasonText reason={suggestion.reason} />
      </span>
      <NotInterestedButton kind="collection" id={suggestion.id} name={suggestion.name} />
    </div>
  );
}

export function PersonSuggestionNote({ suggestion }: { suggestion: SuggestedPerson }) {
  return (
    <div className="suggestion-note d-flex flex-wrap justify-content-between align-items-baseline gap-2 small mt-1">
      <span className="text-primary-emphasis" data-testid="recommendation-reason">
        <PersonReasonText reason={suggestion.reason} />
      </span>
      <NotInterestedButton kind="person" id={suggestion.id} name={suggestion.name} />
    </div>
  );
}
