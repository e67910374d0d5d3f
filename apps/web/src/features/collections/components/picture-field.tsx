import '../texts';
import type { Collection } from '@acervo/contract/collection';
import type { CollectionItem } from '@acervo/contract/collection-item';
import { IMAGE_ASPECTS, PICTURE_ACCEPT, PICTURE_MAX_BYTES, type ImageAspect } from '@acervo/contract/limits';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { unusableAnswer } from '../../../lib/api-errors';
import { useCover, useItemImage } from '../hooks/use-collections';
import { Picture } from './picture';
import type { TextKey } from '../../../lib/i18n';

export interface PictureChoice {
  file: File;
  aspect: ImageAspect;
}

/** The photo's own checks before sending (the API checks again, from the content). */
function pictureProblem(file: File): TextKey | null {
  if (file.size > PICTURE_MAX_BYTES) return 'errors.pictureTooLarge';
  if (!PICTURE_ACCEPT.split(',').includes(file.type)) return 'errors.pictureUnsupported';
  return null;
}

function AspectChoice({ value, onChange }: { value: ImageAspect; onChange: (aspect: ImageAspect) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="mb-2">
      <legend className="form-label small mb-1">{t('collections.picture.shape')}</legend>
      {IMAGE_ASPECTS.map((aspect) => (
        <div key={aspect} className="form-check form-check-inline">
          <input
            className="form-check-input"
            type="radio"
            name={name}
            id={`${name}-${aspect}`}
            checked={value === aspect}
            onChange={() => onChange(aspect)}
          />
          <label className="form-check-label" htmlFor={`${name}-${aspect}`}>
            {t(`collections.picture.${aspect}`)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** A file input with the hint; a file that fails the checks is refused here, with its text. */
function FileInput({
  label,
  onFile,
  disabled,
  clearAfterPick,
}: {
  label: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  /** Sent at once: cleared, so the same file can be picked again. */
  clearAfterPick?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="form-control"
        accept={PICTURE_ACCEPT}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          if (clearAfterPick) event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <div id={`${id}-hint`} className="form-text">
        {t('collections.picture.hint')}
      </div>
    </div>
  );
}

/** Create forms: picks a file and a shape, sent once the item exists (see `useCreateWithPicture`). */
export function PictureField({
  value,
  onChange,
}: {
  value: PictureChoice | null;
  onChange: (v: PictureChoice | null) => void;
}) {
  const { t } = useTranslation();
  const [aspect, setAspect] = useState<ImageAspect>(value?.aspect ?? 'poster');
  const [problem, setProblem] = useState<TextKey | null>(null);
  return (
    <div className="mb-3">
      <FileInput
        label={`${t('collections.picture.label')} ${t('collections.form.optional')}`}
        onFile={(file) => {
          const refused = pictureProblem(file);
          setProblem(refused);
          onChange(refused ? null : { file, aspect });
        }}
      />
      {problem ? <div className="text-danger small mb-2">{t(problem)}</div> : null}
      <AspectChoice
        value={aspect}
        onChange={(next) => {
          setAspect(next);
          if (value) onChange({ ...value, aspect: next });
        }}
      />
    </div>
  );
}

/**
 * A create form's submit: the item first, then its picture. If the picture fails the item is kept
 * and the form stays with the picture's error; submitting again only retries the picture.
 */
export function useCreateWithPicture(
  alert: ReturnType<typeof useFormAlert>,
  collectionId: string | undefined,
) {
  const [savedId, setSavedId] = useState<string | null>(null);
  const image = useItemImage(collectionId ?? '');
  return async (create: () => Promise<CollectionItem | undefined>, picture: PictureChoice | null) => {
    const saved = { id: savedId };
    if (!saved.id) {
      await alert.attempt('itemCreate', async () => {
        const created = await create();
        if (!created?.id) throw unusableAnswer();
        saved.id = created.id;
        setSavedId(created.id);
      });
    }
    const itemId = saved.id;
    if (!itemId) return false;
    if (!picture) return true;
    const sent = { ok: false };
    await alert.attempt('pictureUpload', async () => {
      await image.mutateAsync({ itemId, picture });
      sent.ok = true;
    });
    return sent.ok;
  };
}

/** The part of the picture editors that sends at once: a shape, a file input, Remove. */
function ImmediatePicture({
  current,
  onSend,
  busy,
  texts,
  children,
}: {
  current: boolean;
  onSend: (choice: PictureChoice | null) => Promise<unknown>;
  busy: boolean;
  texts: { upload: TextKey; remove: TextKey };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const alert = useFormAlert();
  const [aspect, setAspect] = useState<ImageAspect>('poster');
  const send = (choice: PictureChoice | null) =>
    alert.attempt(choice ? 'pictureUpload' : 'pictureRemove', () => onSend(choice));
  return (
    <div className="mb-4">
      <FormAlert messageKey={alert.key} />
      {children}
      <AspectChoice value={aspect} onChange={setAspect} />
      <FileInput
        label={t(texts.upload)}
        disabled={busy}
        clearAfterPick
        onFile={(file) => {
          const refused = pictureProblem(file);
          if (refused) alert.show(refused);
          else void send({ file, aspect });
        }}
      />
      {current ? (
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          disabled={busy}
          onClick={() => void send(null)}
        >
          {t(texts.remove)}
        </button>
      ) : null}
    </div>
  );
}

/** The item edit page: its picture, replaced or removed at once (like the profile photo). */
export function ItemPictureEditor({ collectionId, item }: { collectionId: string; item: CollectionItem }) {
  const { t } = useTranslation();
  const image = useItemImage(collectionId);
  return (
    <ImmediatePicture
      current={Boolean(item.image)}
      busy={image.isPending}
      texts={{ upload: 'collections.picture.label', remove: 'collections.picture.remove' }}
      onSend={(picture) => image.mutateAsync({ itemId: item.id, picture })}
    >
      {item.image ? (
        <div className="item-picture mb-2">
          <Picture image={item.image} sizes="320px" alt={t('collections.picture.alt', { name: item.name })} />
        </div>
      ) : null}
    </ImmediatePicture>
  );
}

/** The collection edit page: its cover, from one of its items' pictures or an upload. */
export function CoverPicker({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const cover = useCover(collection.id);
  const alert = useFormAlert();
  // Not an item an operator hid: the API refuses its picture as the cover (it would republish it).
  const withImages = collection.collection_items.filter((item) => item.image && !item.hidden_reason);
  return (
    <section className="mb-4" aria-labelledby="cover-title">
      <h2 id="cover-title" className="h5">
        {t('collections.picture.coverTitle')}
      </h2>
      <p className="small text-body-secondary">{t('collections.picture.coverHint')}</p>
      <ImmediatePicture
        current={Boolean(collection.cover)}
        busy={cover.isPending}
        texts={{ upload: 'collections.picture.coverUpload', remove: 'collections.picture.coverRemove' }}
        onSend={(choice) => cover.mutateAsync(choice)}
      >
        {collection.cover ? (
          <div className="item-picture mb-2">
            <Picture image={collection.cover} sizes="320px" alt={t('collections.picture.coverTitle')} />
          </div>
        ) : null}
        {withImages.length ? (
          <div className="d-flex flex-wrap gap-2 mb-2">
            <FormAlert messageKey={alert.key} />
            {withImages.map((item) => (
              <button
                key={item.id}
                type="button"
                className="btn btn-light p-1 picture-choice"
                disabled={cover.isPending}
                aria-label={t('collections.picture.coverFromItem', { name: item.name })}
                title={t('collections.picture.coverFromItem', { name: item.name })}
                onClick={() =>
                  void alert.attempt('collectionUpdate', () => cover.mutateAsync({ item_id: item.id }))
                }
              >
                <Picture image={item.image!} sizes="64px" alt="" />
              </button>
            ))}
          </div>
        ) : null}
      </ImmediatePicture>
    </section>
  );
}
