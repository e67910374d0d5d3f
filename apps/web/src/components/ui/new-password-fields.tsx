import { useTranslation } from 'react-i18next';
import { useWatch, type ContractForm, type FieldValues, type Path } from '../../hooks/use-contract-form';
import { PasswordRules } from './password-rules';
import { TextField } from './text-field';

type NewPassword = { password: string; password_confirmation: string };

/**
 * A new password and its confirmation, with the live strength meter under the first: the reset
 * page and the security form (the contract's `password` and `password_confirmation` fields).
 */
export function NewPasswordFields<Input extends FieldValues & NewPassword>({
  form,
}: {
  form: ContractForm<Input, unknown>;
}) {
  const { t } = useTranslation();
  const password = 'password' as Path<Input>;
  const confirmation = 'password_confirmation' as Path<Input>;
  const typed = useWatch(form, password) as string;
  return (
    <>
      <TextField
        form={form}
        name={password}
        label={t('common.newPassword.password')}
        type="password"
        autoComplete="new-password"
        deps={[confirmation]}
        hint={<PasswordRules password={typed} />}
      />
      <TextField
        form={form}
        name={confirmation}
        label={t('common.newPassword.confirmation')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
