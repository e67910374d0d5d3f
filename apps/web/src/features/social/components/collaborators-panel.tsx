import '../texts';
import type { Collection } from '@acervo/contract/collection';
import { COLLABORATOR_ROLES, type CollaboratorRole } from '@acervo/contract/limits';
import {
  collaboratorByEmailBody,
  inviteLinkBody,
  type Collaborator,
  type CollaboratorByEmailBody,
  type InviteLink,
  type InviteLinkBody,
} from '@acervo/contract/social';
import { useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { LiveMessage, useLiveMessage } from '../../../components/ui/live-message';
import { Loading } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { errorMessageKey } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { useCollaboratorWrites, useCollaborators } from '../hooks/use-social';

type Say = ReturnType<typeof useLiveMessage>[1];
type Writes = ReturnType<typeof useCollaboratorWrites>;

function useRoleOptions() {
  const { t } = useTranslation();
  return COLLABORATOR_ROLES.map((role) => ({ value: role, label: t(`social.roles.${role}`) }));
}

function CollaboratorRow({
  collaborator,
  writes,
  say,
  onRemove,
}: {
  collaborator: Collaborator;
  writes: Writes;
  say: Say;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const selectId = useId();
  const name = collaborator.name;
  const changeRole = (role: CollaboratorRole) =>
    writes.setRole.mutate(
      { userId: collaborator.user_id, role },
      {
        onSuccess: () =>
          say(t('social.collaborators.roleChanged', { name, role: t(`social.roles.${role}`) })),
        onError: (error) => say(t(errorMessageKey(error, 'collaboratorUpdate'), { name }), 'failed'),
      },
    );
  return (
    <li className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom collaborator-row">
      <Avatar name={name} picture={collaborator.picture} />
      <Link to={`/profile/${collaborator.user_id}`} className="flex-grow-1 min-w-0 text-break">
        {name}
      </Link>
      <label htmlFor={selectId} className="visually-hidden">
        {t('social.collaborators.roleOf', { name })}
      </label>
      <Form.Select
        id={selectId}
        size="sm"
        className="collaborator-role"
        value={collaborator.role}
        onChange={(event) => changeRole(event.target.value as CollaboratorRole)}
      >
        {roles.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        aria-label={t('social.collaborators.removeLabel', { name })}
        onClick={onRemove}
      >
        {t('social.collaborators.remove')}
      </button>
    </li>
  );
}

function CollaboratorList({ collectionId, writes, say }: { collectionId: string; writes: Writes; say: Say }) {
  const { t } = useTranslation();
  const query = useCollaborators(collectionId);
  const [removing, setRemoving] = useState<Collaborator | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = () => {
    const person = removing!;
    writes.remove.mutate(person.user_id, {
      onSuccess: () => {
        setRemoving(null);
        say(t('social.collaborators.removed', { name: person.name }));
        // The row (and the button that had focus) is gone: focus the list's heading instead.
        heading.current?.focus();
      },
      onError: (error) => {
        setRemoving(null);
        say(t(errorMessageKey(error, 'collaboratorRemove'), { name: person.name }), 'failed');
      },
    });
  };
  return (
    <div className="mb-4">
      <h3 ref={heading} tabIndex={-1} className="h6">
        {t('social.collaborators.listTitle')}
      </h3>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'collaborators'))}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t('social.collaborators.empty')}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {query.data.map((collaborator) => (
            <CollaboratorRow
              key={collaborator.user_id}
              collaborator={collaborator}
              writes={writes}
              say={say}
              onRemove={() => setRemoving(collaborator)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        show={removing !== null}
        title={t('social.collaborators.confirmTitle')}
        message={t('social.collaborators.confirmRemove', { name: removing?.name ?? '' })}
        confirmLabel={writes.remove.isPending ? t('common.loading') : t('social.collaborators.confirmYes')}
        cancelLabel={t('social.collaborators.confirmNo')}
        busy={writes.remove.isPending}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

/** Add an existing account by its e-mail (the contract's body, validated as the API does). */
function AddByEmail({ writes, say }: { writes: Writes; say: Say }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const roles = useRoleOptions();
  const alert = useFormAlert();
  const form = useContractForm(collaboratorByEmailBody, { defaultValues: { email: '', role: 'editor' } });
  const onSubmit = (body: CollaboratorByEmailBody) => {
    // The API refuses the owner too (400); saying it here spares the call and names the field.
    if (body.email === user?.userEmail.toLowerCase())
      return form.setError('email', { message: 'collaboratorIsOwner' });
    return alert.attempt('collaboratorAdd', async () => {
      const added = await writes.add.mutateAsync(body);
      form.reset({ email: '', role: body.role });
      say(t('social.collaborators.added', { name: added.name, role: t(`social.roles.${added.role}`) }));
    });
  };
  return (
    <form
      noValidate
      className="mb-4"
      onSubmit={form.handleSubmit(onSubmit)}
      aria-labelledby="add-collaborator-title"
    >
      <h3 id="add-collaborator-title" className="h6">
        {t('social.collaborators.addTitle')}
      </h3>
      <FormAlert messageKey={alert.key} />
      <TextField
        form={form}
        name="email"
        type="email"
        autoComplete="off"
        label={t('social.collaborators.email')}
      />
      <SelectField form={form} name="role" label={t('social.collaborators.role')} options={roles} />
      <SubmitButton busy={writes.add.isPending}>{t('social.collaborators.add')}</SubmitButton>
    </form>
  );
}

/** A link anyone signed in can open to join with a role; shown once (only its hash is kept). */
function InviteLinks({ writes, say }: { writes: Writes; say: Say }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const form = useContractForm(inviteLinkBody, { defaultValues: { role: 'editor' } });
  const [link, setLink] = useState<InviteLink | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // The API's `url` is built from PUBLIC_URL, for mail; on screen the link points at the address
  // this page was opened from, which is the same site in production and the right one elsewhere.
  const url = link ? new URL(`/invite/${link.token}`, window.location.origin).href : '';

  const create = (body: InviteLinkBody) =>
    writes.createLink.mutate(body, {
      onSuccess: (created) => {
        setLink(created);
        say(t('social.invite.created', { role: t(`social.roles.${created.role}`) }));
      },
      onError: (error) => say(t(errorMessageKey(error, 'inviteLink')), 'failed'),
    });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      say(t('social.invite.copied'));
    } catch {
      // No clipboard (an insecure page, or permission refused): select the text for Ctrl+C.
      field.current?.select();
      say(t('social.invite.copyByHand'));
    }
  };
  const revoke = () =>
    writes.revokeLinks.mutate(undefined, {
      onSuccess: (result) => {
        setLink(null);
        say(t('social.invite.revoked', { count: result.revoked }));
      },
      onError: (error) => say(t(errorMessageKey(error, 'inviteLink')), 'failed'),
    });

  return (
    <div>
      <h3 className="h6">{t('social.invite.title')}</h3>
      <p className="small text-body-secondary">{t('social.invite.hint')}</p>
      <form noValidate onSubmit={form.handleSubmit(create)} className="d-flex flex-wrap gap-2 mb-3">
        <SelectField
          form={form}
          name="role"
          label={t('social.invite.role')}
          options={roles}
          className="w-100"
        />
        <button type="submit" className="btn btn-outline-primary" aria-busy={writes.createLink.isPending}>
          {t('social.invite.create')}
        </button>
        <button
          type="button"
          className="btn btn-outline-danger"
          onClick={revoke}
          aria-busy={writes.revokeLinks.isPending}
        >
          {t('social.invite.revoke')}
        </button>
      </form>
      {link ? (
        <div className="invite-link">
          <label htmlFor="invite-link-url" className="form-label">
            {t('social.invite.link', { role: t(`social.roles.${link.role}`) })}
          </label>
          <div className="input-group">
            <input
              id="invite-link-url"
              ref={field}
              className="form-control"
              readOnly
              value={url}
              onFocus={(event) => event.target.select()}
              aria-describedby="invite-link-expiry"
            />
            <button type="button" className="btn btn-primary" onClick={() => void copy()}>
              {t('social.invite.copy')}
            </button>
          </div>
          <div id="invite-link-expiry" className="form-text">
            {t('social.invite.expires', { date: formatDate(link.expires_at) })}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The owner's collaborators panel on the collection edit screen (issue 8): who collaborates and
 * with which role, add by e-mail, invite by link, remove. Every action says what happened.
 */
export function CollaboratorsPanel({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const writes = useCollaboratorWrites(collection.id);
  const [message, say] = useLiveMessage();
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="collaborators-title">
      <div className="card-body p-4">
        <h2 id="collaborators-title" className="h5">
          {t('social.collaborators.title')}
        </h2>
        <p className="small text-body-secondary">{t('social.collaborators.hint')}</p>
        <LiveMessage message={message} className="mb-3" />
        <CollaboratorList collectionId={collection.id} writes={writes} say={say} />
        <AddByEmail writes={writes} say={say} />
        <InviteLinks writes={writes} say={say} />
      </div>
    </section>
  );
}
