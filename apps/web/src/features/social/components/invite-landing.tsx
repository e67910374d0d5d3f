import '../texts';
import { inviteParams } from '@acervo/contract/social';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { Loading } from '../../../components/ui/loading';
import { PromptCard, SignInPrompt } from '../../../components/ui/prompt-card';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { errorMessageKey, isNotFound } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { useAcceptInvite, useInvite } from '../hooks/use-social';

function SignedInInvite({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A token that cannot be one is refused here, as the API would (400), without a call.
  const wellFormed = inviteParams.safeParse({ token }).success;
  const invite = useInvite(token, wellFormed);
  const accept = useAcceptInvite(token);
  const alert = useFormAlert();

  if (!wellFormed || (invite.isError && isNotFound(invite.error)))
    return (
      <PromptCard>
        <h1 className="h3 mb-3">{t('social.invite.pageTitle')}</h1>
        <ErrorState message={t('errors.inviteInvalid')} />
        <Link to="/profile">{t('social.invite.backToProfile')}</Link>
      </PromptCard>
    );
  if (invite.isError)
    return (
      <PromptCard>
        <ErrorState
          message={t(errorMessageKey(invite.error, 'invite'))}
          onRetry={() => void invite.refetch()}
        />
      </PromptCard>
    );
  if (invite.isPending) return <Loading />;

  const preview = invite.data;
  const onAccept = () =>
    alert.attempt('inviteAccept', async () => {
      const accepted = await accept.mutateAsync();
      await navigate(`/lists/${accepted.collection_id}`);
    });
  return (
    <PromptCard>
      <h1 className="h3 mb-3">{t('social.invite.pageTitle')}</h1>
      <FormAlert messageKey={alert.key} />
      <p className="lead">
        {t('social.invite.preview', { owner: preview.owner_name, collection: preview.collection_name })}
      </p>
      <p>{t(`social.invite.roleHint.${preview.role}`)}</p>
      <p className="small text-body-secondary">
        {t('social.invite.validUntil', { date: formatDate(preview.expires_at) })}
      </p>
      <form
        className="d-flex flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void onAccept();
        }}
      >
        <SubmitButton busy={accept.isPending}>{t('social.invite.accept')}</SubmitButton>
        <Link to="/profile" className="btn btn-light">
          {t('social.invite.decline')}
        </Link>
      </form>
    </PromptCard>
  );
}

/**
 * /invite/{token} (issue 8): what the link gives, then 'Aceitar convite' and the collection.
 * Outside the guard, so a visitor learns what the link is before signing in.
 */
export function InviteLanding({ token }: { token: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('social.invite.pageTitle'));
  if (user) return <SignedInInvite token={token} />;
  return <SignInPrompt title={t('social.invite.pageTitle')} message={t('social.invite.anonymous')} />;
}
