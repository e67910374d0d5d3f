import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AccountProfile } from '../../features/users/components/account-form';
import { AccountMenu } from '../../features/users/components/account-menu';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /account/*: the side menu next to the page (spec section 2). */
export function AccountLayout() {
  return (
    <section className="container py-4 py-lg-5">
      <div className="row g-4">
        <div className="col-12 col-lg-3">
          <AccountMenu />
        </div>
        <div className="col-12 col-lg-9">
          <Outlet />
        </div>
      </div>
    </section>
  );
}

/** The title of an account page (here and in ./account-security). */
export function AccountHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="mb-4">
      <h1 className="h3 fw-bold mb-1">{title}</h1>
      <p className="text-body-secondary mb-0">{subtitle}</p>
    </div>
  );
}

export function AccountProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('users.account.profilePageTitle'));
  return (
    <>
      <AccountHeading title={t('users.account.profileTitle')} subtitle={t('users.account.profileSubtitle')} />
      <AccountProfile />
    </>
  );
}
