import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import type { ContractForm, FieldValues, Path } from '../../../hooks/use-contract-form';

/** The e-mail field of the sign-in, registration and recovery forms. */
export function EmailField<Input extends FieldValues>({
  form,
  name,
}: {
  form: ContractForm<Input, unknown>;
  name: Path<Input>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name={name}
      label={t('auth.fields.email')}
      type="email"
      autoComplete="email"
      placeholder={t('auth.placeholders.email')}
    />
  );
}
