import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';

const schema = z
  .object({
    old_password: z.string().min(1, 'oldPassword'),
    new_password: z.string().min(1, 'newPassword'),
    confirm_password: z.string().min(1, 'confirmPassword'),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: 'passwordMismatch',
    path: ['confirm_password'],
  });
type Values = z.infer<typeof schema>;

/**
 * /account/security: the form and its checks. The call itself (and revoking other sessions) comes
 * with the account-lifecycle issue, so a valid submit says so instead of pretending.
 */
export function SecurityForm() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitted, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });
  const err = (field: keyof Values) => {
    const message = errors[field]?.message;
    return message ? t(`users.validation.${message}`) : undefined;
  };
  return (
    <form
      noValidate
      className={isSubmitted ? 'was-validated' : undefined}
      onSubmit={handleSubmit(() => setNotice(true))}
    >
      {notice ? (
        <div className="alert alert-info" role="status">
          {t('users.account.changeSoon')}
        </div>
      ) : null}
      <FormField
        label={t('users.account.oldPassword')}
        type="password"
        autoComplete="current-password"
        required
        error={err('old_password')}
        {...register('old_password')}
      />
      <FormField
        label={t('users.account.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('users.account.passwordHint')}
        error={err('new_password')}
        {...register('new_password')}
      />
      <FormField
        label={t('users.account.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={err('confirm_password')}
        {...register('confirm_password')}
      />
      <SubmitButton busy={isSubmitting}>{t('users.account.changePassword')}</SubmitButton>
    </form>
  );
}
