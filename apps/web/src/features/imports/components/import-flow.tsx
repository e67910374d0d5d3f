import type { ImportFileProblem, ImportJob, ImportPreview } from '@acervo/contract/import';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import type { TextKey } from '../../../lib/i18n';
import { importsApi } from '../api/imports-api';
import '../texts';

// Not imported from the contract's module, which builds zod schemas (decision 026's budgets).
const ACCEPT = '.zip,.csv,application/zip,text/csv';
const FINISHED: ImportJob['status'][] = ['done', 'failed'];

// Every reason the contract names, checked by the type (the list itself is not imported: the
// contract's module builds zod schemas, see ACCEPT above).
const PROBLEMS: Record<ImportFileProblem, true> = {
  unreadable: true,
  too_many_rows: true,
  empty: true,
  list_header: true,
  no_export_files: true,
  category_needed: true,
  zip_too_large: true,
  zip_corrupt: true,
  unknown_columns: true,
};

/**
 * What a refused upload says: why the file cannot be imported, worded in the reader's language from
 * the API's `params` (naming the file and line); the API's own sentence for a reason this version
 * does not know.
 */
function errorText(err: unknown, t: (key: TextKey, options?: Record<string, unknown>) => string): string {
  if (!(err instanceof ApiError)) return t('imports.error');
  if (err.status === 409) return t('imports.inProgress');
  if (err.status === 429) return t('imports.tooMany');
  const reason = err.params?.reason as ImportFileProblem | undefined;
  if (err.status === 413 && reason !== 'too_many_rows') return t('imports.tooLarge');
  if (err.code === 'IMPORT_FILE_INVALID' || err.status === 413) {
    if (!reason || !Object.hasOwn(PROBLEMS, reason)) return err.message;
    const key = reason === 'unreadable' && err.params?.line ? 'unreadableAt' : reason;
    return t(`imports.invalid.${key}`, err.params);
  }
  return t('imports.error');
}

/** The job's progress, polled every `pollMs` until it is done or failed. */
function ImportProgress({ id, pollMs }: { id: string; pollMs: number }) {
  const { t } = useTranslation();
  const { data: job } = useQuery({
    queryKey: ['imports', id],
    queryFn: () => importsApi.job(id),
    refetchInterval: (query) =>
      query.state.data && FINISHED.includes(query.state.data.status) ? false : pollMs,
  });
  if (!job) return null;
  const percent = job.progress.total ? Math.round((job.progress.done / job.progress.total) * 100) : 100;
  if (job.status === 'failed') {
    return (
      <div className="alert alert-danger" role="alert">
        {t('imports.failed')} {job.error}
      </div>
    );
  }
  if (job.status === 'done') {
    return (
      <div role="status">
        <p className="alert alert-success">
          {t('imports.done', { created: job.outcome.items_created, present: job.outcome.items_present })}
        </p>
        <ul>
          {job.outcome.collections.map((c) => (
            <li key={c.id}>
              <Link to={`/lists/${c.id}`}>{c.name}</Link>
            </li>
          ))}
        </ul>
        <Link to="/profile" className="btn btn-primary">
          {t('imports.seeProfile')}
        </Link>
      </div>
    );
  }
  return (
    <div>
      <p className="mb-2">{job.status === 'queued' ? t('imports.queued') : t('imports.running')}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('imports.progress', { done: job.progress.done, total: job.progress.total })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="small text-body-secondary mt-1">
        {t('imports.progress', { done: job.progress.done, total: job.progress.total })}
      </p>
    </div>
  );
}

/**
 * /account/import: choose a file, see what it will create and whether public or private, then
 * follow the job until it is done (issue 27).
 */
export function ImportFlow({ pollMs = 1000 }: { pollMs?: number }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [visibility, setVisibility] = useState<'public' | 'private'>('private');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [category, setCategory] = useState('');
  const { data: categories } = useQuery({
    queryKey: ['categories'],
    queryFn: importsApi.categories,
    staleTime: Infinity,
  });

  const choose = async (chosen: File | null, categoryId = category) => {
    setFile(chosen);
    setPreview(null);
    setError(null);
    if (!chosen) return;
    setBusy(true);
    try {
      setPreview(await importsApi.preview(chosen, categoryId));
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setJobId((await importsApi.start(file, visibility, category)).id);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  if (jobId) return <ImportProgress id={jobId} pollMs={pollMs} />;
  return (
    <div>
      <label htmlFor={inputId} className="form-label">
        {t('imports.fileLabel')}
      </label>
      <input
        id={inputId}
        type="file"
        className="form-control mb-3"
        accept={ACCEPT}
        onChange={(e) => void choose(e.target.files?.[0] ?? null)}
      />
      <label htmlFor={`${inputId}-category`} className="form-label">
        {t('imports.categoryLabel')}
      </label>
      <select
        id={`${inputId}-category`}
        className="form-select mb-3"
        value={category}
        onChange={(e) => {
          setCategory(e.target.value);
          void choose(file, e.target.value);
        }}
      >
        <option value="">{t('imports.categoryFromFile')}</option>
        {categories?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {busy && !preview && <p role="status">{t('imports.reading')}</p>}
      {error && (
        <div className="alert alert-warning" role="alert">
          {error}
        </div>
      )}
      {preview && (
        <section aria-labelledby={`${inputId}-preview`}>
          <h2 id={`${inputId}-preview`} className="h5">
            {t('imports.previewTitle')}
          </h2>
          <ul>
            {preview.collections.map((c) => (
              <li key={c.name}>
                <strong>{c.name}</strong>: {t('imports.previewItems', { count: c.items })},{' '}
                {t('imports.previewRated', { count: c.rated })}
              </li>
            ))}
          </ul>
          {preview.skipped_count > 0 && (
            <p className="text-body-secondary">{t('imports.skipped', { count: preview.skipped_count })}</p>
          )}
          <fieldset className="mb-3">
            <legend className="h6">{t('imports.visibilityLegend')}</legend>
            {(['private', 'public'] as const).map((v) => (
              <div key={v} className="form-check">
                <input
                  id={`${inputId}-${v}`}
                  className="form-check-input"
                  type="radio"
                  name="visibility"
                  checked={visibility === v}
                  onChange={() => setVisibility(v)}
                />
                <label className="form-check-label" htmlFor={`${inputId}-${v}`}>
                  {t(`imports.${v}`)}
                </label>
              </div>
            ))}
          </fieldset>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
            {t('imports.start')}
          </button>
        </section>
      )}
    </div>
  );
}
