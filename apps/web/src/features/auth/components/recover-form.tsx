import { passwordResetRequestBody, type PasswordResetRequestBody } from '@acervo/contract/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useCaptcha } from '../../../hooks/use-captcha';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { requestPasswordReset } from '../api/auth-api';
import { EmailField } from './email-field';

/**
 * /recover: asks for a reset link. The API answers the same whether or not the account exists, so
 * the confirmation is worded for both cases.
 */
export function RecoverForm() {
  const { t } = useTranslation();
  const alert = useFormAlert();
  const [sent, setSent] = useState(false);
  const captcha = useCaptcha(() => alert.show(null));
  const form = useContractForm(passwordResetRequestBody, { defaultValues: { email: '' } });

  const onValid = (values: PasswordResetRequestBody) =>
    alert.attempt(
      'passwordRecovery',
      async () => {
        setSent(false);
        if (captcha.missing) return alert.show('errors.captchaRequired');
        await requestPasswordReset({ ...values, captcha: captcha.token });
        setSent(true);
        // Another link needs another token: the one just sent is used.
        captcha.renew();
      },
      (error) => {
        form.showApiErrors(error);
        captcha.renew();
      },
    );

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormAlert messageKey={alert.key} />
      {sent ? (
        <div className="alert alert-success" role="status">
          {t('auth.recover.sent')}
        </div>
      ) : null}
      <EmailField form={form} name="email" />
      {captcha.slot}
      <SubmitButton busy={form.formState.isSubmitting} className="w-100 btn-lg">
        {t('auth.recover.submit')}
      </SubmitButton>
      <p className="text-center mt-4 mb-0">
        <Link to="/login">{t('auth.recover.back')}</Link>
      </p>
    </form>
  );
}
