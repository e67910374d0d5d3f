import {
  BRAZILIAN_STATES,
  COUNTRIES,
  accountBody,
  type AccountBody,
  type AccountFields,
  type UserAccount,
} from '@acervo/contract/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { Loading } from '../../../components/ui/loading';
import { MaskedField } from '../../../components/ui/masked-field';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { errorMessageKey, unusableAnswer } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useAccount, useUpdateAccount } from '../hooks/use-users';
import { PictureUploader } from './picture-uploader';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

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
  const alert = useFormAlert();
  const [saved, setSaved] = useState(false);
  const form = useContractForm(accountBody, { defaultValues: initialValues(account) });

  const onSubmit = (values: AccountFields) =>
    alert.attempt(
      'accountUpdate',
      async () => {
        setSaved(false);
        const result = await update.mutateAsync(values);
        if (!result) throw unusableAnswer();
        renameUser(result.name);
        setSaved(true);
      },
      form.showApiErrors,
    );

  // Every field is labelled by its name in the catalogue and takes half a row from md up.
  const field = (name: keyof AccountBody, className = 'col-12 col-md-6 mb-3') => ({
    form,
    name,
    className,
    label: t(`users.account.fields.${name}`),
  });
  const masked = (name: 'cellular' | 'birthday' | 'postal_code') => ({
    ...field(name),
    placeholder: t(`users.account.placeholders.${name}`),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormAlert messageKey={alert.key} />
      {saved ? (
        <div className="alert alert-success" role="status">
          {t('users.account.saved')}
        </div>
      ) : null}
      <div className="row g-0 gx-md-3">
        <TextField {...field('name')} autoComplete="name" />
        <TextField {...field('alias_name')} autoComplete="nickname" />
        <MaskedField
          {...masked('cellular')}
          mask="(00) 00000-0000"
          autoComplete="tel-national"
          inputMode="tel"
        />
        <MaskedField {...masked('birthday')} mask="00/00/0000" autoComplete="bday" inputMode="numeric" />
        <TextField {...field('address', 'col-12 mb-3')} autoComplete="street-address" />
        <SelectField
          {...field('country')}
          placeholder={t('users.account.select')}
          options={options(COUNTRIES)}
        />
        <SelectField
          {...field('state')}
          placeholder={t('users.account.select')}
          options={options(BRAZILIAN_STATES)}
        />
        <TextField {...field('city')} autoComplete="address-level2" />
        <MaskedField
          {...masked('postal_code')}
          mask="00000-000"
          autoComplete="postal-code"
          inputMode="numeric"
        />
      </div>
      <SubmitButton busy={update.isPending}>{t('users.account.save')}</SubmitButton>
    </form>
  );
}

/** /account/profile: photo section and data form. */
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
      <PictureUploader account={account} />
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
