import { ITEM_MESSAGES, collectionItemCreateBody } from '@acervo/contract/collection-item';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ErrorState } from '../../../components/ui/error-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { Loading } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { errorMessageKey, unusableAnswer } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useCreateItem, useUserCollections } from '../hooks/use-collections';

const schema = collectionItemCreateBody.omit({ rating: true }).extend({ description: z.string() });
type FormInput = z.input<typeof schema>;
type FormOutput = z.output<typeof schema>;

function AddItemForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const collections = useUserCollections(userId);
  const create = useCreateItem();
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitted },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { collection_id: '', name: '', description: '' },
  });

  if (collections.isPending) return <Loading />;
  if (collections.isError)
    return (
      <ErrorState
        message={t(errorMessageKey(collections.error, 'addItemCollections'))}
        onRetry={() => void collections.refetch()}
      />
    );
  if (collections.data.length === 0)
    return (
      <div className="alert alert-warning mb-0" role="alert">
        <p>{t('collections.addItemModal.noCollection')}</p>
        <Link to="/lists/create" className="btn btn-primary" onClick={onDone}>
          {t('collections.addItemModal.createCollection')}
        </Link>
      </div>
    );

  const onSubmit = async (values: FormOutput) => {
    setAlertKey(null);
    try {
      const created = await create.mutateAsync(values);
      if (!created?.id) throw unusableAnswer();
      onDone();
      await navigate(`/lists/${values.collection_id}`);
    } catch (error) {
      setAlertKey(errorMessageKey(error, 'itemCreate'));
    }
  };
  const nameError = errors.name
    ? t(
        errors.name.message === ITEM_MESSAGES.name
          ? 'collections.validation.modalItemName'
          : 'collections.validation.tooLong',
      )
    : undefined;
  return (
    <form noValidate className={isSubmitted ? 'was-validated' : undefined} onSubmit={handleSubmit(onSubmit)}>
      <FormAlert message={alertKey ? t(alertKey) : null} />
      <SelectField
        label={t('collections.addItemModal.collection')}
        placeholder={t('collections.addItemModal.collectionPlaceholder')}
        options={[...collections.data]
          .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
          .map((c) => ({ value: c.id, label: `${c.name} (${c.category_name})` }))}
        required
        error={errors.collection_id ? t('collections.validation.modalCollection') : undefined}
        {...register('collection_id')}
      />
      <FormField
        label={t('collections.addItemModal.name')}
        required
        maxLength={200}
        error={nameError}
        {...register('name')}
      />
      <FormField
        label={
          <>
            {t('collections.addItemModal.description')}{' '}
            <span className="text-body-secondary">{t('collections.form.optional')}</span>
          </>
        }
        multiline
        rows={3}
        maxLength={2000}
        error={errors.description ? t('collections.validation.tooLong') : undefined}
        {...register('description')}
      />
      <div className="d-flex justify-content-end gap-2">
        <button type="button" className="btn btn-light" onClick={onDone}>
          {t('collections.addItemModal.cancel')}
        </button>
        <SubmitButton busy={create.isPending}>{t('collections.addItemModal.save')}</SubmitButton>
      </div>
    </form>
  );
}

/** The header's add-item modal (spec section 2); plugs into SiteHeader's `addItemModal` slot. */
export function AddItemModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="add-item-title">
      <Modal.Header closeButton closeLabel={t('collections.addItemModal.close')}>
        <Modal.Title id="add-item-title">{t('collections.addItemModal.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{user && show ? <AddItemForm userId={user.userId} onDone={onHide} /> : null}</Modal.Body>
    </Modal>
  );
}
