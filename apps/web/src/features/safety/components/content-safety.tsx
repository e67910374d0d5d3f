import '../texts';
import type { Collection } from '@acervo/contract/collection';
import type { CollectionItem } from '@acervo/contract/collection-item';
import { MODERATION_NOTE_MAX } from '@acervo/contract/safety';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useAuth } from '../../../lib/auth';
import { safetyApi } from '../api/safety-api';
import { ReportButton } from './report-dialog';

/**
 * What the owner of hidden content sees on its page: that it is hidden and why, and the one
 * request for a second look it may make.
 */
function HiddenNotice({ type, id, reason }: { type: 'collection' | 'item'; id: string; reason: string }) {
  const { t } = useTranslation();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const alert = useFormAlert();
  const appeal = useMutation({ mutationFn: safetyApi.appealHidden });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return alert.show('validation.messageRequired');
    void alert.attempt('appeal', async () => {
      await appeal.mutateAsync({ target_type: type, target_id: id, text });
      setSent(true);
    });
  };
  return (
    <div className="alert alert-warning mb-0" role="status">
      <p className="mb-2">
        {t(`safety.hidden.${type}`, { reason: t(`safety.report.reasons.${reason}`, reason) })}
      </p>
      {sent ? (
        <p className="mb-0 fw-semibold">{t('safety.hidden.appealSent')}</p>
      ) : open ? (
        <form onSubmit={onSubmit} noValidate>
          <FormAlert messageKey={alert.key} />
          <label className="form-label" htmlFor={`${ids}-appeal`}>
            {t('safety.hidden.appealLabel')}
          </label>
          <textarea
            id={`${ids}-appeal`}
            className="form-control mb-2"
            rows={3}
            maxLength={MODERATION_NOTE_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <SubmitButton busy={appeal.isPending}>{t('safety.hidden.appealSubmit')}</SubmitButton>
        </form>
      ) : (
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => setOpen(true)}>
          {t('safety.hidden.appeal')}
        </button>
      )}
    </div>
  );
}

/** On a collection's banner: 'Denunciar', for anyone signed in but its owner. */
export function CollectionReport({ collection }: { collection: Collection }) {
  const { user } = useAuth();
  if (!user || collection.user_id === user.userId) return null;
  return <ReportButton type="collection" id={collection.id} />;
}

/** Under the banner, for its owner only: why the collection is hidden, if it is. */
export function CollectionHiddenNotice({ collection }: { collection: Collection }) {
  const { user } = useAuth();
  if (!user || collection.user_id !== user.userId || !collection.hidden_reason) return null;
  return <HiddenNotice type="collection" id={collection.id} reason={collection.hidden_reason} />;
}

/** On an item's page: the same, for the item (its collection's owner owns it). */
export function ItemSafety({ item, collection }: { item: CollectionItem; collection: Collection }) {
  const { user } = useAuth();
  if (!user) return null;
  if (collection.user_id !== user.userId) return <ReportButton type="item" id={item.id} size="sm" />;
  return item.hidden_reason ? <HiddenNotice type="item" id={item.id} reason={item.hidden_reason} /> : null;
}
