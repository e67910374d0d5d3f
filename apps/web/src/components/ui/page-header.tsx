import type { ReactNode } from 'react';

/** Title and subtitle band used by the static pages (help, contact, privacy, terms). */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="container py-5">
        <h1 className="display-6 fw-bold mb-2">{title}</h1>
        {subtitle ? <p className="lead text-body-secondary mb-0">{subtitle}</p> : null}
        {children}
      </div>
    </header>
  );
}
