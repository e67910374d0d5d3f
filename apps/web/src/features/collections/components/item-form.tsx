import type { Collection } from '@acervo/contract/collection';
import {
  ITEM_MESSAGES,
  collectionItemCreateForm,
  collectionItemUpdateBody,
  type CollectionItem,
} from '@acervo/contract/collection-item';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { Loading } from '../../../components/ui/loading';
import { SubmitButton } from '../../../components/ui/submit-button';
import { errorMessageKey, unusableAnswer } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useCollection, useCreateItem, useDeleteItem, useUpdateItem } from '../hooks/use-collections';
import { CollectionBanner } from './collection-banner';
import { LoadFailure, useItemAndCollection } from './item-loader';
import { RatingInput } from './rating-input';
import { mayEditItems } from './roles';
import { DeleteConfirmation, EditFooter, useSaveOrDelete } from './save-or-delete';

const createSchema = collectionItemCreateForm.omit({ collection_id: true }).extend({
  rating: z.number().nullable(),
});
const editSchema = collectionItemUpdateBody.extend({
  description: z.string(),
  rating: z.number().nullable(),
});
type FormInput = { name: string; description: string; rating: number | null };
type FormOutput = z.output<typeof editSchema>;

function itemErrorKey(field: 'name' | 'description', message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  if (message === ITEM_MESSAGES.name) return 'collections.validation.itemName';
  if (message === ITEM_MESSAGES.description) return 'collections.validation.itemDescription';
  return field === 'name' ? 'collections.validation.itemName' : 'collections.validation.tooLong';
}

function ItemFields({
  mode,
  initial,
  onSubmit,
  busy,
  alertKey,
  footer,
}: {
  mode: 'create' | 'edit';
  initial: FormInput;
  onSubmit: (values: FormOutput) => Promise<void>;
  busy: boolean;
  alertKey: string | null;
  footer: React.ReactNode;
}) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitted },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(mode === 'create' ? createSchema : editSchema),
    defaultValues: initial,
  });
  const err = (field: 'name' | 'description') => {
    const key = itemErrorKey(field, errors[field]?.message);
    return key ? t(key) : undefined;
  };
  return (
    <form noValidate className={isSubmitted ? 'was-validated' : undefined} onSubmit={handleSubmit(onSubmit)}>
      <FormAlert message={alertKey ? t(alertKey) : null} />
      <FormField
        label={t('collections.item.name')}
        required
        maxLength={200}
        error={err('name')}
        {...register('name')}
      />
      <FormField
        label={t('collections.item.description')}
        multiline
        rows={4}
        maxLength={2000}
        required={mode === 'create'}
        error={err('description')}
        {...register('description')}
      />
      <Controller
        control={control}
        name="rating"
        render={({ field }) => <RatingInput value={field.value} onChange={field.onChange} />}
      />
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
  const [alertKey, setAlertKey] = useState<string | null>(null);

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailure query={query} context="collectionView" />;

  const collection = query.data;
  const onSubmit = async (values: FormOutput) => {
    setAlertKey(null);
    try {
      const created = await create.mutateAsync({ collection_id: collection.id, ...values });
      if (!created?.id) throw unusableAnswer();
      await navigate(`/lists/${collection.id}`);
    } catch (error) {
      setAlertKey(errorMessageKey(error, 'itemCreate'));
    }
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
                    initial={{ name: '', description: '', rating: null }}
                    onSubmit={onSubmit}
                    busy={create.isPending}
                    alertKey={alertKey}
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
  const { alertKey, confirming, setConfirming, onSubmit, onDelete } = useSaveOrDelete<FormOutput>({
    save: (values) => update.mutateAsync(values),
    remove: () => remove.mutateAsync(),
    saveContext: 'itemUpdate',
    deleteContext: 'itemDelete',
    afterSave: back,
    afterDelete: back,
  });
  return (
    <>
      <ItemFields
        mode="edit"
        initial={{ name: item.name, description: item.description, rating: item.rating }}
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
