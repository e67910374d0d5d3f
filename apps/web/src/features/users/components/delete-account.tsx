import { accountDeletionForm, type AccountDeletionForm } from '@acervo/contract/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useAuth } from '../../../lib/auth';
import { useDeleteAccount } from '../hooks/use-users';

/**
 * /account/security: the account deletion the privacy policy promises. The password confirms it,
 * then a last question; afterwards the session is gone and the person lands on the sign-in page.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount(user?.userId ?? '');
  const alert = useFormAlert();
  const form = useContractForm(accountDeletionForm, { defaultValues: { password: '' } });
  const [confirming, setConfirming] = useState<AccountDeletionForm | null>(null);

  const confirm = async () => {
    const values = confirming!;
    setConfirming(null);
    await alert.attempt(
      'accountDelete',
      async () => {
        await remove.mutateAsync({ password: values.password });
        // The server already removed the session: forget it here without a revoke (which would
        // answer 401), and leave for the sign-in page, where any signed-in page ends up now.
        await signOut({ revoke: false });
        await navigate('/login', { replace: true });
      },
      form.showApiErrors,
    );
  };

  return (
    <section className="card border-danger-subtle shadow-sm mt-4" aria-labelledby="delete-title">
      <div className="card-body p-4">
        <h2 id="delete-title" className="h5 text-danger">
          {t('users.deletion.title')}
        </h2>
        <p className="text-body-secondary">{t('users.deletion.body')}</p>
        <FormAlert messageKey={alert.key} />
        <form noValidate onSubmit={form.handleSubmit((values) => setConfirming(values))}>
          <TextField
            form={form}
            name="password"
            label={t('users.deletion.password')}
            type="password"
            autoComplete="current-password"
          />
          <SubmitButton busy={remove.isPending} className="btn-danger">
            {t('users.deletion.button')}
          </SubmitButton>
        </form>
        <ConfirmDialog
          show={confirming !== null}
          title={t('users.deletion.confirmTitle')}
          message={t('users.deletion.confirmMessage')}
          confirmLabel={t('users.deletion.confirm')}
          cancelLabel={t('users.deletion.cancel')}
          busy={remove.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        />
      </div>
    </section>
  );
}
