import '../texts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { unusableAnswer, type ErrorContext } from '../../../lib/api-errors';
import type { TextKey } from '../../../lib/i18n';

export type FormMode = 'create' | 'edit';

/** What a create or an edit screen hands the fields it shares with the other one. */
export interface SharedFieldsProps<Values> {
  mode: FormMode;
  initial: Values;
  onSubmit: (values: Values) => Promise<void>;
  busy: boolean;
  alertKey: TextKey | null;
  /** Buttons after Save: Back, and Delete when editing. */
  footer: ReactNode;
}

interface SaveOrDeleteOptions<Values> {
  save: (values: Values) => Promise<unknown>;
  remove: () => Promise<unknown>;
  saveContext: ErrorContext;
  deleteContext: ErrorContext;
  /** Where each success goes (spec section 2). */
  afterSave: string;
  afterDelete: string;
}

/**
 * The edit screens' two writes: save, or delete after a confirmation. An answer without data
 * counts as a failure (the spec's "truthy means success"), and each failure shows its own text.
 */
export function useSaveOrDelete<Values>(options: SaveOrDeleteOptions<Values>) {
  const navigate = useNavigate();
  const alert = useFormAlert();
  const [confirming, setConfirming] = useState(false);

  const onSubmit = (values: Values) =>
    alert.attempt(options.saveContext, async () => {
      if (!(await options.save(values))) throw unusableAnswer();
      await navigate(options.afterSave);
    });
  const onDelete = () =>
    alert.attempt(options.deleteContext, async () => {
      try {
        if (!(await options.remove())) throw unusableAnswer();
      } finally {
        setConfirming(false);
      }
      await navigate(options.afterDelete);
    });
  return { alertKey: alert.key, confirming, setConfirming, onSubmit, onDelete };
}

/** Catalogue section holding back, delete, confirmTitle, confirmDelete, confirmYes, confirmNo. */
type EditTexts = 'collections.form' | 'collections.item';

/** Back and Delete under an edit form; Delete only opens the confirmation. */
export function EditFooter({
  texts,
  backTo,
  onAskDelete,
}: {
  texts: EditTexts;
  backTo: string;
  onAskDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={backTo} className="btn btn-light">
        {t(`${texts}.back`)}
      </Link>
      <button type="button" className="btn btn-outline-danger ms-sm-auto" onClick={onAskDelete}>
        {t(`${texts}.delete`)}
      </button>
    </>
  );
}

interface DeleteConfirmationProps {
  texts: EditTexts;
  show: boolean;
  deleting: boolean;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/** The spec's 'Tem certeza que deseja excluir …?' before a delete. */
export function DeleteConfirmation({ texts, show, deleting, onConfirm, onCancel }: DeleteConfirmationProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      show={show}
      title={t(`${texts}.confirmTitle`)}
      message={t(`${texts}.confirmDelete`)}
      confirmLabel={deleting ? t('common.loading') : t(`${texts}.confirmYes`)}
      cancelLabel={t(`${texts}.confirmNo`)}
      busy={deleting}
      onConfirm={() => void onConfirm()}
      onCancel={onCancel}
    />
  );
}
