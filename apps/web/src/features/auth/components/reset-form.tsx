import { passwordResetBody, type PasswordResetBody } from '@acervo/contract/auth';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordRules } from '../../../components/ui/password-rules';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { resetPassword } from '../api/auth-api';

/**
 * /reset/{token}: the link of a reset mail. A new password signs out every session, so the person
 * then signs in with it.
 */
export function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const alert = useFormAlert();
  const [done, setDone] = useState(false);
  const form = useContractForm(passwordResetBody, {
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });

  const onValid = (values: PasswordResetBody) =>
    alert.attempt(
      'passwordReset',
      async () => {
        await resetPassword(values);
        setDone(true);
      },
      form.showApiErrors,
    );

  // A link cut short fails the token's format before any call; it reads like a dead link.
  const tokenInvalid = alert.key === 'errors.resetTokenInvalid' || Boolean(form.formState.errors.token);

  if (done) {
    return (
      <>
        <div className="alert alert-success" role="status">
          {t('auth.reset.done')}
        </div>
        <Link to="/login" className="btn btn-primary btn-lg w-100">
          {t('auth.reset.login')}
        </Link>
      </>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormAlert messageKey={tokenInvalid ? 'errors.resetTokenInvalid' : alert.key} />
      {tokenInvalid ? (
        <p>
          <Link to="/recover">{t('auth.reset.requestNew')}</Link>
        </p>
      ) : null}
      <TextField
        form={form}
        name="password"
        label={t('auth.reset.password')}
        type="password"
        autoComplete="new-password"
        deps={['password_confirmation']}
        hint={<PasswordRules password={password} />}
      />
      <TextField
        form={form}
        name="password_confirmation"
        label={t('auth.reset.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton busy={form.formState.isSubmitting} className="w-100 btn-lg">
        {t('auth.reset.submit')}
      </SubmitButton>
    </form>
  );
}
