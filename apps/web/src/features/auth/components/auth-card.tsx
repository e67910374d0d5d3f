import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The two-column frame of the sign-in pages: a brand panel beside the form card. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="auth-page py-4 py-md-5">
      <div className="container">
        <div className="row justify-content-center g-0 auth-shell shadow-sm">
          <div className="col-lg-5 d-none d-lg-flex auth-aside">
            <div className="p-5 d-flex flex-column justify-content-end">
              <p className="h3 fw-bold mb-3">{t('auth.side.heading')}</p>
              <p className="mb-0">{t('auth.side.body')}</p>
            </div>
          </div>
          <div className="col-12 col-lg-7 bg-body">
            <div className="auth-form p-4 p-sm-5">
              <h1 className="h3 fw-bold mb-1">{title}</h1>
              {subtitle ? <p className="text-body-secondary mb-4">{subtitle}</p> : null}
              {children}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
