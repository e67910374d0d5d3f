import '../texts';
import {
  collectionCreateBody,
  collectionUpdateBody,
  type Collection,
  type CollectionCreateBody,
  type CollectionUpdateBody,
} from '@acervo/contract/collection';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { $ZodType } from 'zod/v4/core';
import { CheckField } from '../../../components/ui/check-field';
import { ErrorState } from '../../../components/ui/error-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { Loading } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
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
import { CoverPicker } from './picture-field';
import type { FormMode, SharedFieldsProps } from './save-or-delete';

/** Creating and editing take the same fields. */
type FormValues = CollectionCreateBody & CollectionUpdateBody;
/** The schemas the API validates each write with. */
const schemas: Record<FormMode, $ZodType<FormValues, FormValues>> = {
  create: collectionCreateBody,
  edit: collectionUpdateBody,
};

function CollectionFields({
  mode,
  initial,
  onSubmit,
  busy,
  alertKey,
  footer,
}: SharedFieldsProps<FormValues>) {
  const { t } = useTranslation();
  const categories = useCategories();
  const form = useContractForm(schemas[mode], { defaultValues: initial });
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
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormAlert messageKey={alertKey} />
      <SelectField
        form={form}
        name="category_id"
        label={t('collections.form.category')}
        placeholder={t('collections.form.categoryPlaceholder')}
        options={options}
      />
      <TextField
        form={form}
        name="name"
        label={t(mode === 'create' ? 'collections.form.nameCreate' : 'collections.form.nameEdit')}
      />
      <TextField
        form={form}
        name="description"
        label={
          <>
            {t('collections.form.description')}{' '}
            <span className="text-body-secondary">{t('collections.form.optional')}</span>
          </>
        }
        multiline
        rows={4}
      />
      {/* Always registered, so the write always says whether the list is private (issue 5). */}
      <CheckField
        form={form}
        name="private"
        asSwitch
        className="mb-4"
        label={t(mode === 'create' ? 'collections.form.privateCreate' : 'collections.form.privateEdit')}
        hint={t('collections.form.privateHint')}
      />
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
  const alert = useFormAlert();
  const onSubmit = (values: FormValues) =>
    alert.attempt('collectionCreate', async () => {
      const created = await create.mutateAsync(values);
      if (!created?.id) throw unusableAnswer();
      await navigate(`/lists/${created.id}`);
    });
  return (
    <CollectionFields
      mode="create"
      initial={{ category_id: '', name: '', description: '', private: false }}
      onSubmit={onSubmit}
      busy={create.isPending}
      alertKey={alert.key}
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
  const { alertKey, confirming, setConfirming, onSubmit, onDelete } = useSaveOrDelete<FormValues>({
    save: (values) => update.mutateAsync(values),
    remove: () => remove.mutateAsync(),
    saveContext: 'collectionUpdate',
    deleteContext: 'collectionDelete',
    afterSave: back,
    afterDelete: '/profile',
  });

  return (
    <>
      <CoverPicker collection={collection} />
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
