import { passwordChangeBody } from '@acervo/contract/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../hooks/use-contract-form';

/**
 * /account/security: the form and its checks. The call itself (and revoking other sessions) comes
 * with the account-lifecycle issue, so a valid submit says so instead of pretending.
 */
export function SecurityForm() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState(false);
  const form = useContractForm(passwordChangeBody, {
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => setNotice(true))}>
      {notice ? (
        <div className="alert alert-info" role="status">
          {t('users.account.changeSoon')}
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
        name="new_password"
        label={t('users.account.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('users.account.passwordHint')}
      />
      <TextField
        form={form}
        name="confirm_password"
        label={t('users.account.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton busy={form.formState.isSubmitting}>{t('users.account.changePassword')}</SubmitButton>
    </form>
  );
}
