import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';
import { AddItemModal } from '../../features/collections/components/add-item-modal';

/** Scrolls to `#anchor` targets after navigation (e.g. the header's About link to /#sobre). */
function useScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, pathname]);
}

/** Header, main content and footer around every page. */
export function RootLayout() {
  const { t } = useTranslation();
  useScrollToHash();
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable skip-link">
        {t('common.skipToContent')}
      </a>
      <SiteHeader addItemModal={AddItemModal} />
      <main id="main" tabIndex={-1} className="flex-grow-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
