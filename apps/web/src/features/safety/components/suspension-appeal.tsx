import '../texts';
import { MODERATION_NOTE_MAX } from '@acervo/contract/safety';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { safetyApi } from '../api/safety-api';

/** /appeal/{token}: a suspended account's one request for a review (it cannot sign in). */
export function SuspensionAppeal({ token }: { token: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('safety.appealPage.pageTitle'));
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const alert = useFormAlert();
  const appeal = useMutation({ mutationFn: safetyApi.appealSuspension });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return alert.show('validation.messageRequired');
    void alert.attempt('suspensionAppeal', async () => {
      await appeal.mutateAsync({ token, text });
      setSent(true);
    });
  };
  return (
    <>
      <PageHeader title={t('safety.appealPage.title')} subtitle={t('safety.appealPage.intro')} narrow />
      <div className="container py-4 narrow-page">
        {sent ? (
          <p className="alert alert-success" role="status">
            {t('safety.appealPage.sent')}
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <FormAlert messageKey={alert.key} />
            <label className="form-label" htmlFor="appeal-text">
              {t('safety.appealPage.label')}
            </label>
            <textarea
              id="appeal-text"
              className="form-control mb-3"
              rows={5}
              maxLength={MODERATION_NOTE_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <SubmitButton busy={appeal.isPending}>{t('safety.appealPage.submit')}</SubmitButton>
          </form>
        )}
      </div>
    </>
  );
}
