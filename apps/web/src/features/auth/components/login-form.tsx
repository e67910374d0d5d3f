import { meetsPasswordRule } from '@acervo/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { errorMessageKey } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useRemoteFlags } from '../../../lib/remote-flags';
import { createSession } from '../api/auth-api';
import { loginFormSchema, type LoginFormInput, type LoginFormOutput } from './auth-schemas';
import { CaptchaSlot } from './captcha-slot';
import { GoogleSignInSlot } from './google-sign-in-slot';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const flags = useRemoteFlags();
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitted, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { user: { email: '', password: '' }, remember: true },
  });
  const password = useWatch({ control, name: 'user.password' });

  const onValid = async ({ user, remember }: LoginFormOutput) => {
    setAlertKey(null);
    if (flags.google_recaptcha_enabled && !captchaToken) {
      setAlertKey('validation.captchaRequired');
      return;
    }
    try {
      const session = await createSession({ user });
      signIn(session, { remember });
      await navigate('/profile');
    } catch (error) {
      setAlertKey(errorMessageKey(error, 'login'));
    }
  };

  return (
    <form noValidate className={isSubmitted ? 'was-validated' : undefined} onSubmit={handleSubmit(onValid)}>
      <FormAlert message={alertKey ? t(alertKey) : null} />
      <FormField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        placeholder={t('auth.placeholders.email')}
        error={errors.user?.email ? t('validation.loginEmailRequired') : undefined}
        {...register('user.email')}
      />
      <FormField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        required
        error={errors.user?.password ? t('validation.passwordRequired') : undefined}
        // The rule is a hint on login: accounts keep working whatever the rule was when they began.
        hint={password && !meetsPasswordRule(password) ? t('validation.passwordRule') : undefined}
        {...register('user.password')}
      />
      <div className="d-flex justify-content-between align-items-center mb-4 flex-wrap gap-2">
        <div className="form-check">
          <input id="login-remember" type="checkbox" className="form-check-input" {...register('remember')} />
          <label htmlFor="login-remember" className="form-check-label">
            {t('auth.fields.remember')}
          </label>
        </div>
        <Link to="/recover">{t('auth.login.forgot')}</Link>
      </div>
      <CaptchaSlot
        enabled={flags.google_recaptcha_enabled}
        onToken={(token) => {
          setCaptchaToken(token);
          if (token) setAlertKey(null);
        }}
      />
      <SubmitButton busy={isSubmitting} className="w-100 btn-lg">
        {t('auth.login.submit')}
      </SubmitButton>
      <GoogleSignInSlot enabled={flags.google_auth_enabled} />
      <p className="text-center mt-4 mb-0">
        {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
      </p>
    </form>
  );
}
