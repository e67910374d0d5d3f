import {
  COLLECTION_MESSAGES,
  collectionCreateBody,
  collectionUpdateBody,
  type Collection,
} from '@acervo/contract/collection';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
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
import { errorMessageKey, isNotFound, unusableAnswer } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import {
  useCategories,
  useCollection,
  useCreateCollection,
  useDeleteCollection,
  useUpdateCollection,
} from '../hooks/use-collections';
import { DeleteConfirmation, EditFooter, useSaveOrDelete } from './save-or-delete';

/** The same schemas the API validates with; the form always sends `private` (issue 5). */
const createSchema = collectionCreateBody.extend({ description: z.string(), private: z.boolean() });
const editSchema = collectionUpdateBody.extend({ description: z.string(), private: z.boolean() });
type FormInput = z.input<typeof createSchema>;
type FormOutput = z.output<typeof createSchema>;
type Mode = 'create' | 'edit';

function fieldErrorKey(
  field: 'category_id' | 'name' | 'description',
  message: string | undefined,
  mode: Mode,
) {
  if (message === undefined) return undefined;
  if (field === 'category_id') return 'collections.validation.category';
  if (
    field === 'name' &&
    (message === COLLECTION_MESSAGES.nameCreate || message === COLLECTION_MESSAGES.nameEdit)
  )
    return mode === 'create' ? 'collections.validation.nameCreate' : 'collections.validation.nameEdit';
  return 'collections.validation.tooLong';
}

function CollectionFields({
  mode,
  initial,
  onSubmit,
  busy,
  alertKey,
  footer,
}: {
  mode: Mode;
  initial: FormInput;
  onSubmit: (values: FormOutput) => Promise<void>;
  busy: boolean;
  alertKey: string | null;
  footer: React.ReactNode;
}) {
  const { t } = useTranslation();
  const categories = useCategories();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitted },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(mode === 'create' ? createSchema : editSchema),
    defaultValues: initial,
  });
  const err = (field: 'category_id' | 'name' | 'description') => {
    const key = fieldErrorKey(field, errors[field]?.message, mode);
    return key ? t(key) : undefined;
  };
  const options = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  // A category that is not in the list yet (still loading) would reset the select: wait for it.
  if (categories.isPending) return <Loading />;
  if (categories.isError)
    return (
      <ErrorState
        message={t(errorMessageKey(categories.error, 'categories'))}
        onRetry={() => void categories.refetch()}
      />
    );

  return (
    <form noValidate className={isSubmitted ? 'was-validated' : undefined} onSubmit={handleSubmit(onSubmit)}>
      <FormAlert message={alertKey ? t(alertKey) : null} />
      <SelectField
        label={t('collections.form.category')}
        placeholder={t('collections.form.categoryPlaceholder')}
        options={options}
        required
        error={err('category_id')}
        {...register('category_id')}
      />
      <FormField
        label={t(mode === 'create' ? 'collections.form.nameCreate' : 'collections.form.nameEdit')}
        required
        maxLength={120}
        error={err('name')}
        {...register('name')}
      />
      <FormField
        label={
          <>
            {t('collections.form.description')}{' '}
            <span className="text-body-secondary">{t('collections.form.optional')}</span>
          </>
        }
        multiline
        rows={4}
        maxLength={2000}
        error={err('description')}
        {...register('description')}
      />
      <div className="form-check form-switch mb-4">
        <input
          id="collection-private"
          type="checkbox"
          role="switch"
          className="form-check-input"
          {...register('private')}
        />
        <label htmlFor="collection-private" className="form-check-label">
          {t(mode === 'create' ? 'collections.form.privateCreate' : 'collections.form.privateEdit')}
        </label>
        <div className="form-text">{t('collections.form.privateHint')}</div>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton busy={busy}>{t('collections.form.save')}</SubmitButton>
        {footer}
      </div>
    </form>
  );
}

/** /lists/create (spec section 2): after save, the new collection's page. */
export function CollectionCreateForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCollection();
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const onSubmit = async (values: FormOutput) => {
    setAlertKey(null);
    try {
      const created = await create.mutateAsync(values);
      if (!created?.id) throw unusableAnswer();
      await navigate(`/lists/${created.id}`);
    } catch (error) {
      setAlertKey(errorMessageKey(error, 'collectionCreate'));
    }
  };
  return (
    <CollectionFields
      mode="create"
      initial={{ category_id: '', name: '', description: '', private: false }}
      onSubmit={onSubmit}
      busy={create.isPending}
      alertKey={alertKey}
      footer={
        <Link to="/profile" className="btn btn-light">
          {t('collections.form.back')}
        </Link>
      }
    />
  );
}

function CollectionEditFields({ collection }: { collection: Collection }) {
  const update = useUpdateCollection(collection.id);
  const remove = useDeleteCollection(collection.id);
  const back = `/lists/${collection.id}`;
  const { alertKey, confirming, setConfirming, onSubmit, onDelete } = useSaveOrDelete<FormOutput>({
    save: (values) => update.mutateAsync(values),
    remove: () => remove.mutateAsync(),
    saveContext: 'collectionUpdate',
    deleteContext: 'collectionDelete',
    afterSave: back,
    afterDelete: '/profile',
  });

  return (
    <>
      <CollectionFields
        mode="edit"
        initial={{
          category_id: collection.category_id,
          name: collection.name,
          description: collection.description,
          private: collection.private,
        }}
        onSubmit={onSubmit}
        busy={update.isPending}
        alertKey={alertKey}
        footer={<EditFooter texts="collections.form" backTo={back} onAskDelete={() => setConfirming(true)} />}
      />
      <DeleteConfirmation
        texts="collections.form"
        show={confirming}
        deleting={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** /lists/edit/{id} (spec section 2): loads the collection, then the same fields. */
export function CollectionEditForm({ collectionId }: { collectionId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const query = useCollection(collectionId);
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <ErrorState
        message={t(errorMessageKey(query.error, 'collectionEditLoad'))}
        onRetry={isNotFound(query.error) ? undefined : () => void query.refetch()}
      />
    );
  // The API refuses anyone else (403); say so before they fill in the form.
  if (query.data.user_id !== user?.userId)
    return <div className="alert alert-info">{t('collections.form.ownerOnly')}</div>;
  return <CollectionEditFields collection={query.data} />;
}
