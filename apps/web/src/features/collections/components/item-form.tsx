import '../texts';
import type { Collection } from '@acervo/contract/collection';
import {
  collectionItemCreateForm,
  collectionItemUpdateBody,
  type CollectionItem,
  type CollectionItemUpdateBody,
} from '@acervo/contract/collection-item';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { $ZodType } from 'zod/v4/core';
import { FormAlert } from '../../../components/ui/form-alert';
import { Loading } from '../../../components/ui/loading';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm, useController, type ContractForm } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useAuth } from '../../../lib/auth';
import { useCollection, useCreateItem, useDeleteItem, useUpdateItem } from '../hooks/use-collections';
import { CollectionBanner } from './collection-banner';
import { LoadFailure, useItemAndCollection } from './item-loader';
import { ItemPictureEditor, PictureField, useCreateWithPicture, type PictureChoice } from './picture-field';
import { RatingInput } from './rating-input';
import { mayEditItems } from './roles';
import { DeleteConfirmation, EditFooter, useSaveOrDelete } from './save-or-delete';
import type { FormMode, SharedFieldsProps } from './save-or-delete';

/** Both pages edit these; the create page also carries its collection's id as a (hidden) value. */
type FormInput = CollectionItemUpdateBody & { collection_id?: string };
/** The schemas the API validates each write with (the create page requires a description). */
const schemas: Record<FormMode, $ZodType<FormInput, FormInput>> = {
  create: collectionItemCreateForm,
  edit: collectionItemUpdateBody,
};

function RatingField({ form }: { form: ContractForm<FormInput, unknown> }) {
  const rating = useController(form, 'rating');
  return <RatingInput value={rating.value ?? null} onChange={rating.onChange} />;
}

function ItemFields({
  mode,
  initial,
  onSubmit,
  busy,
  alertKey,
  footer,
  picture,
}: SharedFieldsProps<FormInput> & { picture?: ReactNode }) {
  const { t } = useTranslation();
  const form = useContractForm(schemas[mode], { defaultValues: initial });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormAlert messageKey={alertKey} />
      <TextField form={form} name="name" label={t('collections.item.name')} />
      <TextField
        form={form}
        name="description"
        label={t('collections.item.description')}
        multiline
        rows={4}
      />
      <TextField
        form={form}
        name="year"
        label={t('collections.item.year')}
        hint={t('collections.item.yearHint')}
        inputMode="numeric"
        className="item-year-field"
        // Empty is "no year"; anything else is checked by the contract (a whole year, 1 to 9999).
        valueAs={(text) => (text.trim() === '' ? null : Number(text))}
      />
      <RatingField form={form} />
      {picture}
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton busy={busy}>{t('collections.item.save')}</SubmitButton>
        {footer}
      </div>
    </form>
  );
}

function OwnerOnly() {
  const { t } = useTranslation();
  return <div className="alert alert-info">{t('collections.item.ownerOnly')}</div>;
}

/** /lists/{id}/items/create: banner, fields, 'Sugestões' on the side; then back to the list. */
export function ItemCreatePage({ collectionId }: { collectionId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const query = useCollection(collectionId);
  const create = useCreateItem();
  const alert = useFormAlert();
  const [picture, setPicture] = useState<PictureChoice | null>(null);
  const save = useCreateWithPicture(alert, collectionId);

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailure query={query} context="collectionView" />;

  const collection = query.data;
  const onSubmit = async (values: FormInput) => {
    if (!(await save(() => create.mutateAsync({ ...values, collection_id: collection.id }), picture))) return;
    await navigate(`/lists/${collection.id}`);
  };
  return (
    <>
      <CollectionBanner collection={collection} compact />
      <div className="container py-4 py-lg-5">
        <div className="row g-4">
          <section className="col-12 col-lg-8" aria-labelledby="item-form-title">
            <div className="card border-0 shadow-sm">
              <div className="card-body p-4">
                <h2 id="item-form-title" className="h4 mb-4">
                  {t('collections.item.createTitle')}
                </h2>
                {!mayEditItems(collection, user?.userId) ? (
                  <OwnerOnly />
                ) : (
                  <ItemFields
                    mode="create"
                    initial={{
                      collection_id: collection.id,
                      name: '',
                      description: '',
                      rating: null,
                      year: null,
                    }}
                    onSubmit={onSubmit}
                    busy={create.isPending}
                    alertKey={alert.key}
                    picture={<PictureField value={picture} onChange={setPicture} />}
                    footer={
                      <Link to={`/lists/${collection.id}`} className="btn btn-light">
                        {t('collections.item.back')}
                      </Link>
                    }
                  />
                )}
              </div>
            </div>
          </section>
          <Suggestions />
        </div>
      </div>
    </>
  );
}

function Suggestions() {
  const { t } = useTranslation();
  const tips = t('collections.item.suggestionsBody', { returnObjects: true }) as string[];
  return (
    <aside className="col-12 col-lg-4" aria-labelledby="suggestions-title">
      <div className="side-note">
        <h2 id="suggestions-title" className="h5">
          {t('collections.item.suggestions')}
        </h2>
        <ul className="mb-0 ps-3">
          {tips.map((tip) => (
            <li key={tip} className="mb-2">
              {tip}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

function ItemEditFields({ collection, item }: { collection: Collection; item: CollectionItem }) {
  const update = useUpdateItem(collection.id, item.id);
  const remove = useDeleteItem(collection.id, item.id);
  const back = `/lists/${collection.id}`;
  const { alertKey, confirming, setConfirming, onSubmit, onDelete } = useSaveOrDelete<FormInput>({
    save: (values) => update.mutateAsync(values),
    remove: () => remove.mutateAsync(),
    saveContext: 'itemUpdate',
    deleteContext: 'itemDelete',
    afterSave: back,
    afterDelete: back,
  });
  return (
    <>
      <ItemPictureEditor collectionId={collection.id} item={item} />
      <ItemFields
        mode="edit"
        initial={{ name: item.name, description: item.description, rating: item.rating, year: item.year }}
        onSubmit={onSubmit}
        busy={update.isPending}
        alertKey={alertKey}
        footer={<EditFooter texts="collections.item" backTo={back} onAskDelete={() => setConfirming(true)} />}
      />
      <DeleteConfirmation
        texts="collections.item"
        show={confirming}
        deleting={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** /lists/{id}/items/edit/{item}: name, description, rating, Save, Back, Delete. */
export function ItemEditPage({ collectionId, itemId }: { collectionId: string; itemId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { item, collection, pending, failure } = useItemAndCollection(collectionId, itemId);
  if (pending) return <Loading />;
  if (failure) return <LoadFailure {...failure} />;
  const list = collection.data!;
  return (
    <>
      <CollectionBanner collection={list} compact />
      <div className="container py-4 py-lg-5">
        <section className="card border-0 shadow-sm narrow-form mx-auto" aria-labelledby="item-edit-title">
          <div className="card-body p-4">
            <h2 id="item-edit-title" className="h4 mb-4">
              {t('collections.item.editTitle')}
            </h2>
            {!mayEditItems(list, user?.userId) ? (
              <OwnerOnly />
            ) : (
              <ItemEditFields collection={list} item={item.data!} />
            )}
          </div>
        </section>
      </div>
    </>
  );
}
