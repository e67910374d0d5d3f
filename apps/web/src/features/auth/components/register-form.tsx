import { registrationBody, type RegistrationBody } from '@acervo/contract/auth';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { RichText } from '../../../components/ui/rich-text';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useCaptcha } from '../../../hooks/use-captcha';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useAuth } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n';
import { useReturnTo, withReturnTo } from '../../../lib/return-to';
import { createAccount } from '../api/auth-api';
import { EmailField } from './email-field';

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
  const returnTo = useReturnTo();
  const alert = useFormAlert();
  const captcha = useCaptcha(() => alert.show(null));

  const form = useContractForm(registrationBody, {
    // The password rule is checked on each change (spec section 5).
    mode: 'onChange',
    defaultValues: {
      name: '',
      email: '',
      password: '',
      password_confirmation: '',
    } satisfies RegistrationBody,
  });

  const onValid = (values: RegistrationBody) =>
    alert.attempt(
      'register',
      async () => {
        if (captcha.missing) return alert.show('errors.captchaRequired');
        // Mails to the person follow the language they registered in (and the footer flags later).
        const session = await createAccount({ ...values, locale: currentLanguage(), captcha: captcha.token });
        if (!session?.access_token) return alert.show('errors.registerNoData');
        // Registration answers with a session, so there is no second login call (spec section 4).
        signIn(session, { remember: true });
        await navigate(returnTo ?? '/onboarding');
      },
      captcha.renew,
    );

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormAlert messageKey={alert.key} />
      <TextField
        form={form}
        name="name"
        label={t('auth.fields.name')}
        autoComplete="name"
        placeholder={t('auth.placeholders.name')}
      />
      <EmailField form={form} name="email" />
      <div className="row g-sm-3">
        <TextField
          form={form}
          name="password"
          className="col-12 col-sm-6 mb-3"
          label={t('auth.fields.password')}
          type="password"
          autoComplete="new-password"
          showErrorWhileTyping
          deps={['password_confirmation']}
        />
        <TextField
          form={form}
          name="password_confirmation"
          className="col-12 col-sm-6 mb-3"
          label={t('auth.fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
        />
      </div>
      {captcha.slot}
      <p className="small text-body-secondary">
        <RichText
          i18nKey="auth.register.agreement"
          components={{ terms: <NewTabLink to="/terms-use" />, privacy: <NewTabLink to="/privacy-policy" /> }}
        />
      </p>
      <SubmitButton busy={form.formState.isSubmitting} className="w-100 btn-lg">
        {t('auth.register.submit')}
      </SubmitButton>
      <p className="text-center mt-4 mb-0">
        {t('auth.register.hasAccount')}{' '}
        <Link to={withReturnTo('/login', returnTo)}>{t('auth.register.login')}</Link>
      </p>
    </form>
  );
}
