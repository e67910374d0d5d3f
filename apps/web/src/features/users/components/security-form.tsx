import { passwordChangeBody, type PasswordChangeBody } from '@acervo/contract/auth';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordRules } from '../../../components/ui/password-rules';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useAuth } from '../../../lib/auth';
import { usersApi } from '../api/users-api';

const EMPTY: PasswordChangeBody = { old_password: '', password: '', password_confirmation: '' };

/**
 * /account/security: changes the password. The API checks the current one (a wrong one comes back
 * under its field), signs out the other sessions and mails a notice; this session stays.
 */
export function SecurityForm() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const alert = useFormAlert();
  const [changed, setChanged] = useState(false);
  const form = useContractForm(passwordChangeBody, { defaultValues: EMPTY });
  const password = useWatch({ control: form.control, name: 'password' });

  const onValid = (values: PasswordChangeBody) =>
    alert.attempt(
      'passwordChange',
      async () => {
        setChanged(false);
        await usersApi.changePassword(user?.userId ?? '', values);
        form.reset(EMPTY);
        setChanged(true);
      },
      form.showApiErrors,
    );

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormAlert messageKey={alert.key} />
      {changed ? (
        <div className="alert alert-success" role="status">
          {t('users.account.passwordChanged')}
        </div>
      ) : null}
      <TextField
        form={form}
        name="old_password"
        label={t('users.account.oldPassword')}
        type="password"
        autoComplete="current-password"
      />
      <TextField
        form={form}
        name="password"
        label={t('users.account.newPassword')}
        type="password"
        autoComplete="new-password"
        deps={['password_confirmation']}
        hint={<PasswordRules password={password} />}
      />
      <TextField
        form={form}
        name="password_confirmation"
        label={t('users.account.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton busy={form.formState.isSubmitting}>{t('users.account.changePassword')}</SubmitButton>
    </form>
  );
}
