import { PICTURE_ACCEPT, PICTURE_MAX_BYTES } from '@acervo/contract/limits';
import type { UserAccount } from '@acervo/contract/user';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { FormAlert } from '../../../components/ui/form-alert';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { unusableAnswer } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { usePicture } from '../hooks/use-users';
import type { TextKey } from '../../../lib/i18n';

/**
 * /account/profile's photo section: choose a file and it is sent at once; the header and
 * `user_picture` follow. The size is checked here too so a large file is refused without sending
 * it; the type is left to the API, which reads the content.
 */
export function PictureUploader({ account }: { account: UserAccount }) {
  const { t } = useTranslation();
  const { setUserPicture } = useAuth();
  const picture = usePicture(account.id);
  const alert = useFormAlert();
  const [done, setDone] = useState<TextKey | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const send = (file: File | null) =>
    alert.attempt(file ? 'pictureUpload' : 'pictureRemove', async () => {
      setDone(null);
      const result = await picture.mutateAsync(file);
      if (!result) throw unusableAnswer();
      setUserPicture(result.picture ?? false);
      setDone(file ? 'users.photo.uploaded' : 'users.photo.removed');
    });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > PICTURE_MAX_BYTES) {
      setDone(null);
      alert.show('errors.pictureTooLarge');
      return;
    }
    void send(file);
  };

  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="photo-title">
      <div className="card-body p-4 d-flex flex-column flex-sm-row align-items-center gap-4">
        <Avatar
          name={account.name}
          picture={account.picture}
          size="large"
          alt={account.picture ? t('users.profile.avatarAlt', { name: account.name }) : ''}
        />
        <div className="flex-grow-1 text-center text-sm-start">
          <h2 id="photo-title" className="h5">
            {t('users.account.photoTitle')}
          </h2>
          <p className="text-body-secondary mb-2">{t('users.account.photoHint')}</p>
          <FormAlert messageKey={alert.key} />
          {done ? (
            <div className="alert alert-success py-2" role="status">
              {t(done)}
            </div>
          ) : null}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PICTURE_ACCEPT}
            className="visually-hidden"
            onChange={onChange}
            aria-label={t('users.account.photoButton')}
          />
          <div className="d-flex flex-wrap gap-2 justify-content-center justify-content-sm-start">
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={picture.isPending}
              onClick={() => input.current?.click()}
            >
              {picture.isPending ? t('users.photo.sending') : t('users.account.photoButton')}
            </button>
            {account.picture ? (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={picture.isPending}
                onClick={() => void send(null)}
              >
                {t('users.photo.remove')}
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
