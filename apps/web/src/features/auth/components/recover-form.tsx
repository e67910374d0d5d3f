import { passwordResetRequestBody } from '@acervo/contract/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useContractForm } from '../../../hooks/use-contract-form';
import { config } from '../../../lib/config';
import { EmailField } from './email-field';

/**
 * Password recovery by e-mail belongs to the account-lifecycle issue (ROADMAP 2). Until the API
 * sends mail, the form validates and says honestly how to get help instead of pretending.
 */
export function RecoverForm() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const form = useContractForm(passwordResetRequestBody, { defaultValues: { email: '' } });

  return (
    <form noValidate onSubmit={form.handleSubmit(() => setDone(true))}>
      {done ? (
        <div className="alert alert-info" role="status">
          {t('auth.recover.notAvailable', { email: config.contactEmail })}
        </div>
      ) : null}
      <EmailField form={form} name="email" />
      <SubmitButton busy={form.formState.isSubmitting} className="w-100 btn-lg">
        {t('auth.recover.submit')}
      </SubmitButton>
      <p className="text-center mt-4 mb-0">
        <Link to="/login">{t('auth.recover.back')}</Link>
      </p>
    </form>
  );
}
