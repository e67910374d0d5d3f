import { meetsPasswordRule, sessionBody, type SessionBody } from '@acervo/contract/auth';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useCaptcha } from '../../../hooks/use-captcha';
import { useContractForm, useWatch } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useAuth } from '../../../lib/auth';
import { useRemoteConfig } from '../../../lib/remote-config';
import { useReturnTo, withReturnTo } from '../../../lib/return-to';
import { createSession } from '../api/auth-api';
import { EmailField } from './email-field';
import { GoogleSignInSlot } from './google-sign-in-slot';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const returnTo = useReturnTo();
  const flags = useRemoteConfig();
  const alert = useFormAlert();
  const captcha = useCaptcha(() => alert.show(null), { login: true });
  // Where the session is kept is the browser's business, not part of the request body. Read from
  // the box itself when it matters: on a prerendered page a tap made before the app ran is in the
  // box only (hydration keeps what the box shows), never in a state React started with.
  const rememberBox = useRef<HTMLInputElement>(null);

  const form = useContractForm(sessionBody, {
    defaultValues: { user: { email: '', password: '' } } satisfies SessionBody,
  });
  const password = useWatch(form, 'user.password');

  const onValid = (body: SessionBody, remember: boolean) =>
    alert.attempt(
      'login',
      async () => {
        if (captcha.missing) return alert.show('errors.captchaRequired');
        const session = await createSession({ ...body, captcha: captcha.token });
        signIn(session, { remember });
        await navigate(returnTo ?? '/profile');
      },
      captcha.renew,
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        const remember = rememberBox.current?.checked ?? true;
        void form.handleSubmit((body) => onValid(body, remember))(event);
      }}
    >
      <FormAlert messageKey={alert.key} />
      <EmailField form={form} name="user.email" />
      <TextField
        form={form}
        name="user.password"
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        // The rule is a hint on login: accounts keep working whatever the rule was when they began.
        hint={password && !meetsPasswordRule(password) ? t('validation.passwordRule') : undefined}
      />
      <div className="d-flex justify-content-between align-items-center mb-4 flex-wrap gap-2">
        <div className="form-check">
          <input
            id="login-remember"
            type="checkbox"
            className="form-check-input"
            ref={rememberBox}
            defaultChecked
          />
          <label htmlFor="login-remember" className="form-check-label">
            {t('auth.fields.remember')}
          </label>
        </div>
        <Link to="/recover">{t('auth.login.forgot')}</Link>
      </div>
      {captcha.slot}
      <SubmitButton busy={form.formState.isSubmitting} className="w-100 btn-lg">
        {t('auth.login.submit')}
      </SubmitButton>
      <GoogleSignInSlot
        enabled={flags.google_auth_enabled}
        clientId={flags.google_client_id}
        onSignedIn={async (session) => {
          signIn(session, { remember: rememberBox.current?.checked ?? true });
          await navigate(returnTo ?? '/profile');
        }}
        onFailure={alert.show}
      />
      <p className="text-center mt-4 mb-0">
        {t('auth.login.noAccount')}{' '}
        <Link to={withReturnTo('/register', returnTo)}>{t('auth.login.register')}</Link>
      </p>
    </form>
  );
}
