import '../texts';
import { RATING_MAX, RATING_MIN } from '@acervo/contract/limits';
import { useTranslation } from 'react-i18next';
import { StarIcon } from '../../../components/ui/icons';
import { formatRating } from '../../../lib/format';

/** The stars a rating shows: whole ones, a half one for exactly .5, and empty outlines after. */
export function starFills(rating: number): Array<'full' | 'half' | 'empty'> {
  const whole = Math.floor(rating);
  const half = rating - whole === 0.5;
  return Array.from({ length: RATING_MAX }, (_, index) =>
    index < whole ? 'full' : index === whole && half ? 'half' : 'empty',
  );
}

/** Stars are shown only for ratings from 0.5 to 5 (spec section 3); otherwise nothing. */
export function RatingStars({ rating, size = 18 }: { rating: number | null | undefined; size?: number }) {
  const { t, i18n } = useTranslation();
  if (rating == null || rating < RATING_MIN || rating > RATING_MAX) return null;
  const value = formatRating(rating, i18n.language);
  return (
    <span className="rating-stars" role="img" aria-label={t('collections.rating.value', { value })}>
      {starFills(rating).map((fill, index) => (
        <StarIcon key={index} size={size} fill={fill} />
      ))}
    </span>
  );
}
