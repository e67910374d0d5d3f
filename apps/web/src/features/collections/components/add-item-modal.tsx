import '../texts';
import { collectionItemCreateBody, type CollectionItemCreateBody } from '@acervo/contract/collection-item';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { keepTabInside } from '../../../components/ui/keep-tab-inside';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { Loading } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm, useWatch } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { errorMessageKey } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useCreateItem, useUserCollections } from '../hooks/use-collections';
import { PictureField, useCreateWithPicture, type PictureChoice } from './picture-field';
import { compareNames } from '../../../lib/format';

function AddItemForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const collections = useUserCollections(userId);
  const create = useCreateItem();
  const alert = useFormAlert();
  const form = useContractForm(collectionItemCreateBody, {
    defaultValues: { collection_id: '', name: '', description: '' },
  });
  const [picture, setPicture] = useState<PictureChoice | null>(null);
  const collectionId = useWatch(form, 'collection_id');
  const save = useCreateWithPicture(alert, collectionId);

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

  const onSubmit = async (values: CollectionItemCreateBody) => {
    if (!(await save(() => create.mutateAsync(values), picture))) return;
    onDone();
    await navigate(`/lists/${values.collection_id}`);
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormAlert messageKey={alert.key} />
      <SelectField
        form={form}
        name="collection_id"
        label={t('collections.addItemModal.collection')}
        placeholder={t('collections.addItemModal.collectionPlaceholder')}
        options={[...collections.data]
          .sort((a, b) => compareNames(a.name, b.name))
          .map((c) => ({ value: c.id, label: `${c.name} (${c.category_name})` }))}
      />
      <TextField form={form} name="name" label={t('collections.addItemModal.name')} />
      <TextField
        form={form}
        name="description"
        label={
          <>
            {t('collections.addItemModal.description')}{' '}
            <span className="text-body-secondary">{t('collections.form.optional')}</span>
          </>
        }
        multiline
        rows={3}
      />
      <PictureField value={picture} onChange={setPicture} />
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
    <Modal show={show} onHide={onHide} centered aria-labelledby="add-item-title" onKeyDown={keepTabInside}>
      <Modal.Header closeButton closeLabel={t('collections.addItemModal.close')}>
        <Modal.Title id="add-item-title">{t('collections.addItemModal.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{user && show ? <AddItemForm userId={user.userId} onDone={onHide} /> : null}</Modal.Body>
    </Modal>
  );
}
