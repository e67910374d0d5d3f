import { emailSchema } from '@acervo/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { CheckIcon } from '../../../components/ui/icons';
import { SubmitButton } from '../../../components/ui/submit-button';
import { errorMessageKey } from '../../../lib/api-errors';
import { config } from '../../../lib/config';
import { useRemoteFlags } from '../../../lib/remote-flags';
import { sendContactMessage } from '../api/contact-api';
import { z } from 'zod';

export const contactFormSchema = z.object({
  inputName: z.string().trim().min(1).max(120),
  inputEmail: emailSchema,
  inputPhone: z.string().trim().max(30),
  textMessage: z.string().trim().min(1).max(5000),
});
type ContactFormInput = z.input<typeof contactFormSchema>;
type ContactFormOutput = z.output<typeof contactFormSchema>;

export function ContactForm() {
  const { t } = useTranslation();
  const flags = useRemoteFlags();
  const [sent, setSent] = useState(false);
  const [alert, setAlert] = useState<{ key: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitted, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { inputName: '', inputEmail: '', inputPhone: '', textMessage: '' },
  });

  const onValid = async (values: ContactFormOutput) => {
    setAlert(null);
    // The captcha widget arrives with the integrations issue; with the flag on, sending waits for it.
    if (flags.google_recaptcha_enabled) {
      setAlert({ key: 'validation.contactCaptcha' });
      return;
    }
    try {
      await sendContactMessage({ ...values, inputPhone: values.inputPhone || undefined });
      setSent(true);
    } catch (error) {
      setAlert({ key: errorMessageKey(error, 'contact') });
    }
  };

  if (sent) {
    return (
      <div className="card border-0 shadow-sm text-center p-4 p-md-5" role="status">
        <div className="success-mark mx-auto mb-3">
          <CheckIcon size={28} />
        </div>
        <h2 className="h4">{t('contact.successTitle')}</h2>
        <p className="mb-4">{t('errors.contactSuccess')}</p>
        <div>
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => {
              reset();
              setSent(false);
            }}
          >
            {t('contact.sendAnother')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate className={isSubmitted ? 'was-validated' : undefined} onSubmit={handleSubmit(onValid)}>
      <FormAlert message={alert ? t(alert.key, { email: config.contactEmail }) : null} />
      <div className="row g-sm-3">
        <FormField
          className="col-12 col-sm-6 mb-3"
          label={t('contact.fields.name')}
          autoComplete="name"
          required
          maxLength={120}
          error={errors.inputName ? t('validation.contactName') : undefined}
          {...register('inputName')}
        />
        <FormField
          className="col-12 col-sm-6 mb-3"
          label={t('contact.fields.email')}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={errors.inputEmail ? t('validation.contactEmail') : undefined}
          {...register('inputEmail')}
        />
      </div>
      <FormField
        label={t('contact.fields.phone')}
        type="tel"
        autoComplete="tel"
        maxLength={30}
        {...register('inputPhone')}
      />
      <FormField
        label={t('contact.fields.message')}
        multiline
        rows={6}
        required
        maxLength={5000}
        error={errors.textMessage ? t('validation.contactMessage') : undefined}
        {...register('textMessage')}
      />
      <SubmitButton busy={isSubmitting} className="btn-lg">
        {t('contact.submit')}
      </SubmitButton>
    </form>
  );
}
