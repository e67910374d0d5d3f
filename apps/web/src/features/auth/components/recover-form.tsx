import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { config } from '../../../lib/config';
import { recoverFormSchema, type RecoverFormInput } from './auth-schemas';

/**
 * Password recovery by e-mail belongs to the account-lifecycle issue (ROADMAP 2). Until the API
 * sends mail, the form validates and says honestly how to get help instead of pretending.
 */
export function RecoverForm() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitted, isSubmitting },
  } = useForm<RecoverFormInput>({ resolver: zodResolver(recoverFormSchema), defaultValues: { email: '' } });

  return (
    <form
      noValidate
      className={isSubmitted ? 'was-validated' : undefined}
      onSubmit={handleSubmit(() => setDone(true))}
    >
      {done ? (
        <div className="alert alert-info" role="status">
          {t('auth.recover.notAvailable', { email: config.contactEmail })}
        </div>
      ) : null}
      <FormField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        placeholder={t('auth.placeholders.email')}
        error={errors.email ? t('validation.loginEmailRequired') : undefined}
        {...register('email')}
      />
      <SubmitButton busy={isSubmitting} className="w-100 btn-lg">
        {t('auth.recover.submit')}
      </SubmitButton>
      <p className="text-center mt-4 mb-0">
        <Link to="/login">{t('auth.recover.back')}</Link>
      </p>
    </form>
  );
}
