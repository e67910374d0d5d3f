import {
  ACCOUNT_MESSAGES,
  BRAZILIAN_STATES,
  COUNTRIES,
  accountBody,
  type AccountBody,
  type AccountFields,
  type UserAccount,
} from '@acervo/contract/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { Loading } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { errorMessageKey, unusableAnswer } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useAccount, useUpdateAccount } from '../hooks/use-users';
import { MaskedField } from './masked-field';

type Field = keyof AccountBody;

/** Contract message → catalogue key (the contract speaks Portuguese; the catalogue speaks both). */
const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(ACCOUNT_MESSAGES).map(([key, message]) => [message, `users.validation.${key}`]),
);

/** ISO `AAAA-MM-DD` from the API → the displayed `DD/MM/AAAA` (spec section 3). */
export function isoToDisplay(iso: string | null): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

function initialValues(account: UserAccount): AccountBody {
  return {
    name: account.name,
    alias_name: account.alias_name ?? '',
    cellular: account.cellular ?? '',
    birthday: isoToDisplay(account.birthday),
    address: account.address ?? '',
    country: (account.country as AccountBody['country'] | null) ?? ('' as AccountBody['country']),
    state: (account.state as AccountBody['state'] | null) ?? ('' as AccountBody['state']),
    city: account.city ?? '',
    postal_code: account.postal_code ?? '',
  };
}

function AccountFieldsForm({ account }: { account: UserAccount }) {
  const { t } = useTranslation();
  const { renameUser } = useAuth();
  const update = useUpdateAccount(account.id);
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<AccountBody, unknown, AccountFields>({
    resolver: zodResolver(accountBody),
    defaultValues: initialValues(account),
  });
  const err = (field: Field) => {
    const message = errors[field]?.message;
    if (message === undefined) return undefined;
    return t(MESSAGE_KEYS.get(message) ?? 'users.validation.tooLong');
  };

  const onSubmit = async (values: AccountFields) => {
    setAlertKey(null);
    setSaved(false);
    try {
      const result = await update.mutateAsync(values);
      if (!result) throw unusableAnswer();
      renameUser(result.name);
      setSaved(true);
    } catch (error) {
      // The API checks the same schema; its per-field messages land under the fields.
      if (error instanceof ApiError && error.fields)
        for (const [field, message] of Object.entries(error.fields))
          if (field in accountBody.shape) setError(field as Field, { message });
      setAlertKey(errorMessageKey(error, 'accountUpdate'));
    }
  };

  return (
    <form noValidate className={isSubmitted ? 'was-validated' : undefined} onSubmit={handleSubmit(onSubmit)}>
      <FormAlert message={alertKey ? t(alertKey) : null} />
      {saved ? (
        <div className="alert alert-success" role="status">
          {t('users.account.saved')}
        </div>
      ) : null}
      <div className="row g-0 gx-md-3">
        <div className="col-12 col-md-6">
          <FormField
            label={t('users.account.fields.name')}
            required
            autoComplete="name"
            maxLength={120}
            error={err('name')}
            {...register('name')}
          />
        </div>
        <div className="col-12 col-md-6">
          <FormField
            label={t('users.account.fields.alias_name')}
            required
            autoComplete="nickname"
            maxLength={60}
            error={err('alias_name')}
            {...register('alias_name')}
          />
        </div>
        <div className="col-12 col-md-6">
          <Controller
            control={control}
            name="cellular"
            render={({ field }) => (
              <MaskedField
                label={t('users.account.fields.cellular')}
                mask="(00) 00000-0000"
                placeholder={t('users.account.placeholders.cellular')}
                autoComplete="tel-national"
                inputMode="tel"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={err('cellular')}
              />
            )}
          />
        </div>
        <div className="col-12 col-md-6">
          <Controller
            control={control}
            name="birthday"
            render={({ field }) => (
              <MaskedField
                label={t('users.account.fields.birthday')}
                mask="00/00/0000"
                placeholder={t('users.account.placeholders.birthday')}
                autoComplete="bday"
                inputMode="numeric"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={err('birthday')}
              />
            )}
          />
        </div>
        <div className="col-12">
          <FormField
            label={t('users.account.fields.address')}
            required
            autoComplete="street-address"
            maxLength={200}
            error={err('address')}
            {...register('address')}
          />
        </div>
        <div className="col-12 col-md-6">
          <SelectField
            label={t('users.account.fields.country')}
            placeholder={t('users.account.select')}
            options={COUNTRIES.map((country) => ({ value: country, label: country }))}
            required
            error={err('country')}
            {...register('country')}
          />
        </div>
        <div className="col-12 col-md-6">
          <SelectField
            label={t('users.account.fields.state')}
            placeholder={t('users.account.select')}
            options={BRAZILIAN_STATES.map((state) => ({ value: state, label: state }))}
            required
            error={err('state')}
            {...register('state')}
          />
        </div>
        <div className="col-12 col-md-6">
          <FormField
            label={t('users.account.fields.city')}
            required
            autoComplete="address-level2"
            maxLength={100}
            error={err('city')}
            {...register('city')}
          />
        </div>
        <div className="col-12 col-md-6">
          <Controller
            control={control}
            name="postal_code"
            render={({ field }) => (
              <MaskedField
                label={t('users.account.fields.postal_code')}
                mask="00000-000"
                placeholder={t('users.account.placeholders.postal_code')}
                autoComplete="postal-code"
                inputMode="numeric"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={err('postal_code')}
              />
            )}
          />
        </div>
      </div>
      <SubmitButton busy={update.isPending}>{t('users.account.save')}</SubmitButton>
    </form>
  );
}

/** /account/profile: photo section (upload comes with the account-lifecycle issue) and data form. */
export function AccountProfile() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const query = useAccount(user?.userId ?? '');
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <ErrorState message={t(errorMessageKey(query.error, 'account'))} onRetry={() => void query.refetch()} />
    );
  const account = query.data!;
  return (
    <>
      <section className="card border-0 shadow-sm mb-4" aria-labelledby="photo-title">
        <div className="card-body p-4 d-flex flex-column flex-sm-row align-items-center gap-4">
          <span className="profile-avatar profile-avatar-initial" aria-hidden="true">
            {(account.name.trim()[0] ?? '').toUpperCase()}
          </span>
          <div className="flex-grow-1 text-center text-sm-start">
            <h2 id="photo-title" className="h5">
              {t('users.account.photoTitle')}
            </h2>
            <p className="text-body-secondary mb-2">{t('users.account.photoHint')}</p>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled
              title={t('users.account.photoSoon')}
            >
              {t('users.account.photoButton')}
            </button>
            <p className="small text-body-secondary mt-2 mb-0">{t('users.account.photoSoon')}</p>
          </div>
        </div>
      </section>
      <section className="card border-0 shadow-sm" aria-labelledby="data-title">
        <div className="card-body p-4">
          <h2 id="data-title" className="h5 mb-4">
            {t('users.account.dataTitle')}
          </h2>
          <AccountFieldsForm account={account} />
        </div>
      </section>
    </>
  );
}
