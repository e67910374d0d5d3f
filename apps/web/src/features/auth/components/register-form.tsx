import { PASSWORD_MAX } from '@acervo/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { errorMessageKey } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useRemoteFlags } from '../../../lib/remote-flags';
import { createAccount } from '../api/auth-api';
import {
  registerErrorKey,
  registerFormSchema,
  type RegisterFormInput,
  type RegisterFormOutput,
} from './auth-schemas';
import { CaptchaSlot } from './captcha-slot';

function NewTabLink({ to, children }: { to: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={to} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('auth.register.opensInNewTab')}</span>
    </a>
  );
}

export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const flags = useRemoteFlags();
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitted, isSubmitting, dirtyFields },
  } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    // The password rule is checked on each change (spec section 5).
    mode: 'onChange',
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });

  const message = (field: keyof RegisterFormInput) => {
    const key = registerErrorKey(field, errors[field]?.message);
    return key ? t(key) : undefined;
  };

  const onValid = async (values: RegisterFormOutput) => {
    setAlertKey(null);
    if (flags.google_recaptcha_enabled && !captchaToken) {
      setAlertKey('validation.captchaRequired');
      return;
    }
    try {
      const session = await createAccount(values);
      if (!session?.access_token) {
        setAlertKey('errors.registerNoData');
        return;
      }
      // Registration answers with a session, so there is no second login call (spec section 4).
      signIn(session, { remember: true });
      await navigate('/onboarding');
    } catch (error) {
      setAlertKey(errorMessageKey(error, 'register'));
    }
  };

  return (
    <form noValidate className={isSubmitted ? 'was-validated' : undefined} onSubmit={handleSubmit(onValid)}>
      <FormAlert message={alertKey ? t(alertKey) : null} />
      <FormField
        label={t('auth.fields.name')}
        autoComplete="name"
        required
        maxLength={120}
        placeholder={t('auth.placeholders.name')}
        error={message('name')}
        {...register('name')}
      />
      <FormField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        placeholder={t('auth.placeholders.email')}
        error={message('email')}
        {...register('email')}
      />
      <div className="row g-sm-3">
        <FormField
          className="col-12 col-sm-6 mb-3"
          label={t('auth.fields.password')}
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          error={message('password')}
          showErrorNow={Boolean(dirtyFields.password)}
          {...register('password', { deps: ['password_confirmation'] })}
        />
        <FormField
          className="col-12 col-sm-6 mb-3"
          label={t('auth.fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          error={message('password_confirmation')}
          {...register('password_confirmation')}
        />
      </div>
      <CaptchaSlot
        enabled={flags.google_recaptcha_enabled}
        onToken={(token) => {
          setCaptchaToken(token);
          if (token) setAlertKey(null);
        }}
      />
      <p className="small text-body-secondary">
        <Trans
          i18nKey="auth.register.agreement"
          components={{ terms: <NewTabLink to="/terms-use" />, privacy: <NewTabLink to="/privacy-policy" /> }}
        />
      </p>
      <SubmitButton busy={isSubmitting} className="w-100 btn-lg">
        {t('auth.register.submit')}
      </SubmitButton>
      <p className="text-center mt-4 mb-0">
        {t('auth.register.hasAccount')} <Link to="/login">{t('auth.register.login')}</Link>
      </p>
    </form>
  );
}
