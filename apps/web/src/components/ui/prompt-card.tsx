import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withReturnTo } from '../../lib/return-to';

/** A card alone in the middle of the page: a prompt to sign in, an invitation. */
export function PromptCard({ children, centered = false }: { children: ReactNode; centered?: boolean }) {
  return (
    <section className="container py-5">
      <div className={`card border-0 shadow-sm mx-auto sign-in-prompt${centered ? ' text-center' : ''}`}>
        <div className="card-body p-4 p-md-5">{children}</div>
      </div>
    </section>
  );
}

/**
 * 'Entrar' and 'Quero criar minha conta', each coming back to this page afterwards (an invite
 * link, a private list, a shared collection). `className` lays the two buttons out.
 */
export function SignInLinks({ className }: { className: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  return (
    <div className={className}>
      <Link to={withReturnTo('/login', here)} className="btn btn-outline-primary">
        {t('common.signInPrompt.login')}
      </Link>
      <Link to={withReturnTo('/register', here)} className="btn btn-primary">
        {t('common.signInPrompt.register')}
      </Link>
    </div>
  );
}

/**
 * What a visitor sees where a page needs an account (spec section 2's prompt on /lists/{id}):
 * the reason, 'Entrar' and 'Quero criar minha conta'.
 */
export function SignInPrompt({ title, message }: { title?: string; message: string }) {
  return (
    <PromptCard centered={!title}>
      {title ? <h1 className="h3 mb-3">{title}</h1> : null}
      <p className="lead mb-4">{message}</p>
      <SignInLinks
        className={`d-flex flex-column flex-sm-row gap-2${title ? '' : ' justify-content-center'}`}
      />
    </PromptCard>
  );
}
