import '../texts';
import type { Collection } from '@acervo/contract/collection';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { keepTabInside } from '../../../components/ui/keep-tab-inside';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { unusableAnswer } from '../../../lib/api-errors';
import { useSaveCollection } from '../hooks/use-social';

type Visibility = 'private' | 'public';

/**
 * What 'Salvar em minhas coleções' asks: who may see the copy (private by default, as the API
 * defaults). A small self-contained form, so it can move to the shared form hook later.
 */
function SaveDialog({
  collection,
  show,
  onHide,
}: {
  collection: Collection;
  show: boolean;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCollection();
  const [visibility, setVisibility] = useState<Visibility>('private');
  const alert = useFormAlert();
  const [copy, setCopy] = useState<Collection | null>(null);
  const copyLink = useRef<HTMLAnchorElement>(null);
  // The form is gone once saved; keyboard focus goes to the way to the copy.
  useEffect(() => {
    if (copy) copyLink.current?.focus();
  }, [copy]);

  const close = () => {
    onHide();
    setCopy(null);
    alert.show(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void alert.attempt('save', async () => {
      const saved = await save.mutateAsync({ id: collection.id, isPrivate: visibility === 'private' });
      if (!saved?.id) throw unusableAnswer();
      setCopy(saved);
    });
  };
  const option = (value: Visibility) => (
    <div className="form-check mb-2">
      <input
        className="form-check-input"
        type="radio"
        name="save-visibility"
        id={`save-${collection.id}-${value}`}
        value={value}
        checked={visibility === value}
        onChange={() => setVisibility(value)}
      />
      <label className="form-check-label" htmlFor={`save-${collection.id}-${value}`}>
        {t(`social.save.${value}`)}
        <span className="d-block small text-body-secondary">{t(`social.save.${value}Hint`)}</span>
      </label>
    </div>
  );

  return (
    <Modal
      show={show}
      onHide={close}
      centered
      aria-labelledby={`save-title-${collection.id}`}
      onKeyDown={keepTabInside}
    >
      <Modal.Header closeButton closeLabel={t('social.save.close')}>
        <Modal.Title id={`save-title-${collection.id}`} className="h5">
          {t('social.save.title')}
        </Modal.Title>
      </Modal.Header>
      {copy ? (
        <>
          <Modal.Body>
            <p className="mb-0" role="status">
              {t('social.save.done', { name: copy.name })}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-light" onClick={close}>
              {t('social.save.close')}
            </button>
            <Link ref={copyLink} to={`/lists/${copy.id}`} className="btn btn-primary" onClick={close}>
              {t('social.save.open')}
            </Link>
          </Modal.Footer>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Modal.Body>
            <FormAlert messageKey={alert.key} />
            <p>{t('social.save.intro', { name: collection.name, owner: collection.owner_name })}</p>
            <fieldset>
              <legend className="form-label fs-6 fw-semibold">{t('social.save.visibility')}</legend>
              {option('private')}
              {option('public')}
            </fieldset>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-light" onClick={close}>
              {t('social.save.cancel')}
            </button>
            <SubmitButton busy={save.isPending}>{t('social.save.submit')}</SubmitButton>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}

/** 'Salvar em minhas coleções' (spec section 2): a credited copy among the viewer's collections. */
export function SaveCollectionButton({ collection, size }: { collection: Collection; size: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`btn ${size === 'sm' ? 'btn-sm ' : ''}btn-light`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('social.save.button')}
      </button>
      <SaveDialog collection={collection} show={open} onHide={() => setOpen(false)} />
    </>
  );
}
