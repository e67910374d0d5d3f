import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Align with a `narrow-page` body (reading pages: help, privacy, terms). */
  narrow?: boolean;
  children?: ReactNode;
};

/** Title and subtitle band used by the static pages (help, contact, privacy, terms). */
export function PageHeader({ title, subtitle, narrow, children }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className={`container py-5${narrow ? ' narrow-page' : ''}`}>
        <h1 className="display-6 fw-bold mb-2">{title}</h1>
        {subtitle ? <p className="lead text-body-secondary mb-0">{subtitle}</p> : null}
        {children}
      </div>
    </header>
  );
}
