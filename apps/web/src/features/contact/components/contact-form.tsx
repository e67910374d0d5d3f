import '../texts';
import { contactBody, type ContactBody } from '@acervo/contract/contact';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { CheckIcon } from '../../../components/ui/icons';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useCaptcha } from '../../../hooks/use-captcha';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useRemoteConfig } from '../../../lib/remote-config';
import { sendContactMessage } from '../api/contact-api';

export function ContactForm() {
  const { t } = useTranslation();
  const flags = useRemoteConfig();
  const [sent, setSent] = useState(false);
  const alert = useFormAlert();
  const captcha = useCaptcha(() => alert.show(null));
  const form = useContractForm(contactBody, {
    defaultValues: { inputName: '', inputEmail: '', inputPhone: '', textMessage: '' },
  });

  const onValid = (values: ContactBody) =>
    alert.attempt(
      'contact',
      async () => {
        if (captcha.missing) return alert.show('errors.contactCaptcha');
        await sendContactMessage({
          ...values,
          inputPhone: values.inputPhone || undefined,
          captcha: captcha.token,
        });
        setSent(true);
      },
      captcha.renew,
    );

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
              form.reset();
              captcha.renew();
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
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormAlert messageKey={alert.key} values={{ email: flags.contact_email }} />
      <div className="row g-sm-3">
        <TextField
          form={form}
          name="inputName"
          className="col-12 col-sm-6 mb-3"
          label={t('contact.fields.name')}
          autoComplete="name"
        />
        <TextField
          form={form}
          name="inputEmail"
          className="col-12 col-sm-6 mb-3"
          label={t('contact.fields.email')}
          type="email"
          autoComplete="email"
        />
      </div>
      <TextField
        form={form}
        name="inputPhone"
        label={t('contact.fields.phone')}
        type="tel"
        autoComplete="tel"
      />
      <TextField form={form} name="textMessage" label={t('contact.fields.message')} multiline rows={6} />
      {captcha.slot}
      <SubmitButton busy={form.formState.isSubmitting} className="btn-lg">
        {t('contact.submit')}
      </SubmitButton>
    </form>
  );
}
