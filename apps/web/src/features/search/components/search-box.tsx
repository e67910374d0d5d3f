import '../texts';
import { SEARCH_QUERY_MAX } from '@acervo/contract/limits';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/ui/icons';

/**
 * The search box of the header and of the feed's sidebar: Enter (or the button) opens /search
 * with the words, where results come by type and follow further typing.
 */
export function SearchBox({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    void navigate(`/search?q=${encodeURIComponent(text)}`);
  };
  return (
    // data-prefetch: the results page loads while the person types (app/prefetch.ts).
    <form role="search" aria-label={label} onSubmit={onSubmit} data-prefetch="/search">
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <div className="input-group">
        <input
          id={id}
          type="search"
          className="form-control"
          placeholder={t('search.placeholder')}
          maxLength={SEARCH_QUERY_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-outline-secondary" title={t('search.submit')}>
          <SearchIcon />
          <span className="visually-hidden">{t('search.submit')}</span>
        </button>
      </div>
    </form>
  );
}

/** The header's box (a component, for the header's slot). */
export function HeaderSearch() {
  const { t } = useTranslation();
  return <SearchBox id="header-search" label={t('search.headerLabel')} />;
}
