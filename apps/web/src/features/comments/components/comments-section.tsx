import '../texts';
import type { Collection } from '@acervo/contract/collection';
import type { CollectionItem } from '@acervo/contract/collection-item';
import { COMMENT_BODY_MAX, type Comment } from '@acervo/contract/comment';
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadMore } from '../../../components/ui/load-more';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { errorMessageKey } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { formatRelative } from '../../../lib/format';
import type { CommentTarget } from '../api/comments-api';
import {
  useComments,
  useCommentsSwitch,
  useCreateComment,
  useDeleteComment,
  useUpdateComment,
} from '../hooks/use-comments';
import { CommentText } from './comment-text';
import { MentionTextarea } from './mention-textarea';

/** 'Denunciar' for one comment, from features/safety through the app's slot (features never import each other). */
export type CommentReport = ComponentType<{ id: string }>;

type Labels = { label: string; submit: string };

/** The text box with its 2,000-character counter; also used to reply and to edit. */
function CommentForm({
  collectionId,
  labels,
  initial = '',
  busy,
  onSubmit,
  onCancel,
}: {
  collectionId: string;
  labels: Labels;
  initial?: string;
  busy: boolean;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [body, setBody] = useState(initial);
  const alert = useFormAlert();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return alert.show('validation.commentRequired');
    void alert.attempt('commentWrite', async () => {
      await onSubmit(body);
      setBody('');
    });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2">
      <FormAlert messageKey={alert.key} />
      <label className="form-label" htmlFor={`${ids}-body`}>
        {labels.label}
      </label>
      <MentionTextarea
        id={`${ids}-body`}
        collectionId={collectionId}
        value={body}
        onChange={setBody}
        describedBy={`${ids}-counter`}
      />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-2">
        <span id={`${ids}-counter`} className="small text-body-secondary">
          {t('comments.counter', { count: body.length, max: COMMENT_BODY_MAX })}
        </span>
        <span className="d-flex gap-2">
          {onCancel ? (
            <button type="button" className="btn btn-light" onClick={onCancel}>
              {t('comments.cancel')}
            </button>
          ) : null}
          <SubmitButton busy={busy}>{labels.submit}</SubmitButton>
        </span>
      </div>
    </form>
  );
}

function CommentView({
  comment,
  target,
  collectionId,
  canReply,
  signedIn,
  report: Report,
  onReply,
}: {
  comment: Comment;
  target: CommentTarget;
  collectionId: string;
  canReply: boolean;
  signedIn: boolean;
  report: CommentReport | undefined;
  onReply: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateComment(target, collectionId);
  const remove = useDeleteComment(target, collectionId);
  const deleteAlert = useFormAlert();
  const mine = user?.userId === comment.author.id;
  return (
    <article className="d-flex gap-2" aria-label={comment.author.name}>
      <Avatar name={comment.author.name} picture={comment.author.picture} />
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex flex-wrap align-items-baseline gap-2">
          <Link to={`/profile/${encodeURIComponent(comment.author.id)}`} className="fw-semibold">
            {comment.author.name}
          </Link>
          <time dateTime={comment.created_at} className="small text-body-secondary">
            {formatRelative(comment.created_at, i18n.language)}
          </time>
          {comment.edited_at ? (
            <span className="small text-body-secondary">({t('comments.edited')})</span>
          ) : null}
        </div>
        {comment.hidden_reason ? (
          <p className="small text-warning-emphasis mb-1">{t('comments.hidden')}</p>
        ) : null}
        {editing ? (
          <CommentForm
            collectionId={collectionId}
            labels={{ label: t('comments.editLabel'), submit: t('comments.save') }}
            initial={comment.body}
            busy={update.isPending}
            onSubmit={async (body) => {
              await update.mutateAsync({ id: comment.id, body });
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <CommentText comment={comment} />
        )}
        <FormAlert messageKey={deleteAlert.key} />
        {editing ? null : (
          <div className="d-flex flex-wrap gap-1">
            {canReply ? (
              <button type="button" className="btn btn-link btn-sm px-1" onClick={onReply}>
                {t('comments.reply')}
              </button>
            ) : null}
            {comment.can_edit ? (
              <button type="button" className="btn btn-link btn-sm px-1" onClick={() => setEditing(true)}>
                {t('comments.edit')}
              </button>
            ) : null}
            {comment.can_delete ? (
              <button
                type="button"
                className="btn btn-link btn-sm px-1 text-danger"
                onClick={() => setConfirming(true)}
              >
                {t('comments.delete')}
              </button>
            ) : null}
            {Report && signedIn && !mine ? <Report id={comment.id} /> : null}
          </div>
        )}
      </div>
      <ConfirmDialog
        show={confirming}
        title={t('comments.deleteTitle')}
        message={t('comments.deleteMessage')}
        confirmLabel={t('comments.deleteConfirm')}
        cancelLabel={t('comments.cancel')}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void deleteAlert.attempt('commentDelete', () => remove.mutateAsync(comment.id));
        }}
      />
    </article>
  );
}

/** The owner's switch: new comments accepted or not (old ones stay). */
function CommentsSwitch({
  target,
  collectionId,
  enabled,
}: {
  target: CommentTarget;
  collectionId: string;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const change = useCommentsSwitch(target, collectionId);
  return (
    <div className="form-check form-switch mb-3">
      <input
        id={`${ids}-switch`}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={enabled}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={`${ids}-switch`}>
        {t('comments.switchLabel')}
      </label>
      {change.isError ? (
        <div className="text-danger small" role="alert">
          {t(errorMessageKey(change.error, 'commentsSwitch'))}
        </div>
      ) : null}
    </div>
  );
}

/** Comments and the replies that follow each, in the order the API pages them. */
function threadsOf(comments: Comment[]) {
  const threads: { comment: Comment; replies: Comment[] }[] = [];
  const byId = new Map<string, { comment: Comment; replies: Comment[] }>();
  for (const comment of comments) {
    const parent = comment.parent_id ? byId.get(comment.parent_id) : undefined;
    if (parent) {
      parent.replies.push(comment);
    } else {
      const thread = { comment, replies: [] };
      byId.set(comment.id, thread);
      threads.push(thread);
    }
  }
  return threads;
}

/**
 * 'Comentários' under a collection or on an item's page (issue 26): threads oldest first, newest
 * last, 'Carregar mais' for the next page, a form for who may comment, reply, edit and delete for
 * who may, 'Denunciar' on others' comments, and the owner's switch.
 */
export function CommentsSection({
  collection,
  item,
  report,
}: {
  collection: Collection;
  item?: CollectionItem | undefined;
  report?: CommentReport;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const { user } = useAuth();
  const target: CommentTarget = item
    ? { kind: 'item', id: item.id }
    : { kind: 'collection', id: collection.id };
  const comments = useComments(target);
  const create = useCreateComment(target, collection.id);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const first = comments.data?.pages[0];
  const all = comments.data?.pages.flatMap((page) => page.data) ?? [];
  const enabled = first?.comments_enabled ?? collection.comments_enabled;
  const canComment = first?.can_comment ?? false;
  const owner = user !== null && collection.user_id === user.userId;
  const shared = { target, collectionId: collection.id, signedIn: user !== null, report };
  return (
    <section className="container pb-4 pb-lg-5" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="h4 mb-3">
        {t('comments.title')}
      </h2>
      {owner && !item ? <CommentsSwitch {...shared} enabled={enabled} /> : null}
      {comments.isError && !first ? (
        <div className="alert alert-warning" role="alert">
          {t(errorMessageKey(comments.error, 'comments'))}
        </div>
      ) : null}
      {/* A collection known to have no comments says so at once: the page does not move when the
          empty answer arrives. */}
      {(first && all.length === 0) || (!first && !comments.isError && collection.comments_count === 0) ? (
        <p className="text-body-secondary">{t('comments.empty')}</p>
      ) : null}
      <ol className="list-unstyled d-grid gap-3 mb-0">
        {threadsOf(all).map(({ comment, replies }) => (
          <li key={comment.id}>
            <CommentView
              {...shared}
              comment={comment}
              canReply={canComment}
              onReply={() => setReplyingTo(comment.id)}
            />
            {replies.length || replyingTo === comment.id ? (
              <ol
                className="list-unstyled d-grid gap-3 ms-5 mt-3"
                aria-label={t('comments.repliesTo', { name: comment.author.name })}
              >
                {replies.map((reply) => (
                  <li key={reply.id}>
                    <CommentView {...shared} comment={reply} canReply={false} onReply={() => undefined} />
                  </li>
                ))}
                {replyingTo === comment.id ? (
                  <li>
                    <CommentForm
                      collectionId={collection.id}
                      labels={{ label: t('comments.replyLabel'), submit: t('comments.submitReply') }}
                      busy={create.isPending}
                      onSubmit={async (body) => {
                        await create.mutateAsync({ body, parent_id: comment.id });
                        setReplyingTo(null);
                      }}
                      onCancel={() => setReplyingTo(null)}
                    />
                  </li>
                ) : null}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
      <LoadMore
        hasNextPage={comments.hasNextPage}
        loading={comments.isFetchingNextPage}
        failedText={comments.isFetchNextPageError ? t(errorMessageKey(comments.error, 'comments')) : null}
        onLoadMore={() => void comments.fetchNextPage()}
      />
      {canComment ? (
        <CommentForm
          collectionId={collection.id}
          labels={{ label: t('comments.label'), submit: t('comments.submit') }}
          busy={create.isPending && replyingTo === null}
          onSubmit={(body) => create.mutateAsync({ body })}
        />
      ) : !user ? (
        <p className="text-body-secondary mt-3 mb-0">{t('comments.signIn')}</p>
      ) : first && !enabled ? (
        <p className="text-body-secondary mt-3 mb-0">{t('comments.closed')}</p>
      ) : null}
    </section>
  );
}
