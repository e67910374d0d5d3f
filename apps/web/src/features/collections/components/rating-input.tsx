import '../texts';
import { RATING_MAX } from '@acervo/contract/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StarIcon } from '../../../components/ui/icons';
import { starFills } from './rating-stars';
import { formatRating } from '../../../lib/format';

const STEPS = Array.from({ length: RATING_MAX * 2 }, (_, index) => (index + 1) / 2);

/**
 * Half-step star rating as a native radio group: Tab reaches it, the arrow keys change the value,
 * screen readers read "3,5 estrelas". Each star is two click targets (left half, right half).
 */
export function RatingInput({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const name = useId();
  const fills = starFills(value ?? 0);
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">{t('collections.rating.label')}</legend>
      <div className="d-flex align-items-center flex-wrap gap-3">
        <div className="rating-input" role="radiogroup" aria-label={t('collections.rating.label')}>
          {STEPS.map((step) => {
            const id = `${name}-${step}`;
            return (
              // Each half star is 16 px wide over the 32 px stars drawn below.
              <span key={step} className="rating-half" style={{ left: (step - 0.5) * 32 }}>
                <input
                  id={id}
                  type="radio"
                  name={name}
                  className="visually-hidden rating-radio"
                  value={step}
                  checked={value === step}
                  onChange={() => onChange(step)}
                />
                <label htmlFor={id}>
                  <span className="visually-hidden">
                    {t('collections.rating.option', {
                      count: step,
                      value: formatRating(step, i18n.language),
                    })}
                  </span>
                </label>
              </span>
            );
          })}
          <span className="rating-input-stars" aria-hidden="true">
            {fills.map((fill, index) => (
              <StarIcon key={index} size={32} fill={fill} />
            ))}
          </span>
        </div>
        <span className="text-body-secondary small" aria-hidden="true">
          {value ? formatRating(value, i18n.language) : t('collections.rating.none')}
        </span>
        {value ? (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onChange(null)}>
            {t('collections.rating.clear')}
          </button>
        ) : null}
      </div>
      <div className="form-text">{t('collections.rating.hint')}</div>
    </fieldset>
  );
}
