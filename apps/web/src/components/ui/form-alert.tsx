import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../lib/i18n';

/** The warning alert of spec section 8 (a catalogue key, see useFormAlert), announced when it appears. */
export function FormAlert({
  messageKey,
  values,
}: {
  messageKey: TextKey | null;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <div className="alert alert-warning" role="alert">
      {t(messageKey, values)}
    </div>
  );
}
