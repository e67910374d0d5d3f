import '../texts';
import type { AdminReport, ModerationAction } from '@acervo/contract/safety';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { LiveMessage, useLiveMessage } from '../../../components/ui/live-message';
import { Loading } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { safetyApi } from '../api/safety-api';
import { safetyKeys } from '../hooks/use-safety';

type Tab = 'open' | 'resolved' | 'audit' | 'terms';

/** Where the reported thing lives in the web app. */
function targetLink(report: AdminReport): string | null {
  if (report.target_type === 'collection') return `/lists/${report.target_id}`;
  if (report.target_type === 'user') return `/profile/${report.target_id}`;
  return null;
}

function ReportCard({ report, onDone }: { report: AdminReport; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [failed, say] = useLiveMessage();
  const client = useQueryClient();
  const resolve = useMutation({
    mutationFn: (action: ModerationAction) => safetyApi.resolve(report.id, action, note.trim() || undefined),
    onSuccess: async (_report, action) => {
      onDone(t('safety.admin.done', { action: t(`safety.admin.actions.${action}`) }));
      await client.invalidateQueries({ queryKey: ['admin-reports'] });
      await client.invalidateQueries({ queryKey: safetyKeys.audit });
    },
    onError: (error) => say(t(errorMessageKey(error, 'moderationAction')), 'failed'),
  });
  const link = targetLink(report);
  const name = report.target?.name ?? t('safety.admin.gone');
  const actions: ModerationAction[] =
    report.target_type === 'user' ? ['dismiss', 'suspend'] : ['dismiss', 'hide', 'suspend'];
  return (
    <li
      className="card border-0 shadow-sm mb-3"
      aria-label={`${t(`safety.admin.target.${report.target_type}`)}: ${name}`}
    >
      <div className="card-body">
        <p className="small text-body-secondary mb-1">
          {t(`safety.admin.target.${report.target_type}`)} · {t(`safety.report.reasons.${report.reason}`)} ·{' '}
          {formatDate(report.created_at)}
        </p>
        <h2 className="h6 mb-1 text-break">{link ? <Link to={link}>{name}</Link> : name}</h2>
        {report.target?.description ? (
          <p className="small text-break mb-1">{report.target.description}</p>
        ) : null}
        <p className="small mb-1">
          {report.target?.owner ? t('safety.admin.owner', { name: report.target.owner.name }) : null}
          {report.reporter ? ` · ${t('safety.admin.by', { name: report.reporter.name })}` : null}
          {report.target?.hidden ? ` · ${t('safety.admin.hiddenNow')}` : null}
          {report.target?.suspended ? ` · ${t('safety.admin.suspendedNow')}` : null}
        </p>
        {report.details ? (
          <blockquote className="small border-start ps-2 text-break">{report.details}</blockquote>
        ) : null}
        {report.status === 'open' && report.reports_on_target > 1 ? (
          <p className="small mb-1">{t('safety.admin.count', { count: report.reports_on_target })}</p>
        ) : null}
        {report.earlier_action ? (
          <p className="small mb-1 fw-semibold">
            {t('safety.admin.earlier', { action: t(`safety.admin.actions.${report.earlier_action}`) })}
            {report.appeal_text ? ` — ${t('safety.admin.appeal', { text: report.appeal_text })}` : null}
          </p>
        ) : null}
        {report.status === 'open' ? (
          <div className="mt-2">
            <label className="form-label small" htmlFor={`note-${report.id}`}>
              {t('safety.admin.note')}
            </label>
            <input
              id={`note-${report.id}`}
              className="form-control form-control-sm mb-2"
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <div className="d-flex flex-wrap gap-2">
              {actions.map((action) => (
                <button
                  key={action}
                  type="button"
                  className={`btn btn-sm ${action === 'dismiss' ? 'btn-outline-secondary' : 'btn-outline-danger'}`}
                  disabled={resolve.isPending}
                  onClick={() => resolve.mutate(action)}
                >
                  {t(`safety.admin.actions.${action}`)}
                </button>
              ))}
            </div>
            <LiveMessage message={failed} />
          </div>
        ) : report.action ? (
          <p className="small mb-0">
            {t('safety.admin.resolvedWith', { action: t(`safety.admin.actions.${report.action}`) })}
            {report.resolution_note ? ` — ${report.resolution_note}` : null}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function Reports({ status, onDone }: { status: 'open' | 'resolved'; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: safetyKeys.reports(status),
    queryFn: ({ pageParam }) => safetyApi.reports(status, pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const reports = query.data.pages.flatMap((page) => page.data);
  if (reports.length === 0) return <p>{t('safety.admin.empty')}</p>;
  return (
    <>
      <ul className="list-unstyled">
        {reports.map((report) => (
          <ReportCard key={report.id} report={report} onDone={onDone} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <button type="button" className="btn btn-light" onClick={() => void query.fetchNextPage()}>
          {t('safety.admin.more')}
        </button>
      ) : null}
    </>
  );
}

function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 403)
    return <p className="alert alert-warning">{t('safety.admin.forbidden')}</p>;
  return <ErrorState message={t(errorMessageKey(error, 'moderationQueue'))} onRetry={onRetry} />;
}

function AuditLog() {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: safetyKeys.audit,
    queryFn: ({ pageParam }) => safetyApi.audit(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const entries = query.data.pages.flatMap((page) => page.data);
  return (
    <>
      <ol className="list-unstyled">
        {entries.map((entry) => (
          <li key={entry.id} className="py-2 border-bottom small">
            <span className="text-body-secondary">{formatDate(entry.created_at)}</span>{' '}
            {t('safety.admin.auditEntry', {
              operator: entry.operator?.name ?? '—',
              action: entry.action,
              target: `${entry.target_type} ${entry.target_id}`,
            })}
            {entry.note ? ` — ${entry.note}` : null}
          </li>
        ))}
      </ol>
      {query.hasNextPage ? (
        <button type="button" className="btn btn-light" onClick={() => void query.fetchNextPage()}>
          {t('safety.admin.more')}
        </button>
      ) : null}
    </>
  );
}

function BlockedTerms() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [term, setTerm] = useState('');
  const [message, say] = useLiveMessage();
  const query = useQuery({ queryKey: safetyKeys.terms, queryFn: safetyApi.blockedTerms });
  const change = useMutation({
    mutationFn: ({ value, add }: { value: string; add: boolean }) =>
      add ? safetyApi.addBlockedTerm(value) : safetyApi.removeBlockedTerm(value),
    onSuccess: (terms) => {
      client.setQueryData(safetyKeys.terms, terms);
      setTerm('');
    },
    onError: (error) => say(t(errorMessageKey(error, 'moderationAction')), 'failed'),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) change.mutate({ value: term, add: true });
  };
  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <form className="d-flex gap-2 mb-3" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor="blocked-term">
          {t('safety.admin.termLabel')}
        </label>
        <input
          id="blocked-term"
          className="form-control"
          placeholder={t('safety.admin.termLabel')}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {t('safety.admin.termAdd')}
        </button>
      </form>
      <LiveMessage message={message} />
      {query.data.length === 0 ? (
        <p>{t('safety.admin.termsEmpty')}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-wrap gap-2">
          {query.data.map((value) => (
            <li key={value}>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={t('safety.admin.termRemove', { term: value })}
                onClick={() => change.mutate({ value, add: false })}
              >
                {value} ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /admin: the operators' page (reports queue, decisions, audit log, blocked terms). */
export function AdminScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('safety.admin.pageTitle'));
  const [tab, setTab] = useState<Tab>('open');
  const [message, say] = useLiveMessage();
  return (
    <>
      <PageHeader title={t('safety.admin.title')} />
      <div className="container py-4">
        <ul className="nav nav-tabs mb-3">
          {(['open', 'resolved', 'audit', 'terms'] as const).map((value) => (
            <li key={value} className="nav-item">
              <button
                type="button"
                className={`nav-link${tab === value ? ' active' : ''}`}
                aria-current={tab === value ? 'page' : undefined}
                onClick={() => setTab(value)}
              >
                {t(`safety.admin.tabs.${value}`)}
              </button>
            </li>
          ))}
        </ul>
        {message ? (
          <p className="alert alert-success" role="status">
            {message.text}
          </p>
        ) : null}
        {tab === 'open' || tab === 'resolved' ? <Reports status={tab} onDone={(text) => say(text)} /> : null}
        {tab === 'audit' ? <AuditLog /> : null}
        {tab === 'terms' ? <BlockedTerms /> : null}
      </div>
    </>
  );
}
