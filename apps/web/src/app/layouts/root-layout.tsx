import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';
import { CookieNotice } from '../../features/analytics/components/cookie-notice';
import { PageViewTracker } from '../../features/analytics/components/page-view-tracker';
import { AddItemModal } from '../../features/collections/components/add-item-modal';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { HeaderSearch } from '../../features/search/components/search-box';
import {
  CollectionBannerActions,
  CollectionCardActions,
} from '../../features/social/components/collection-actions';
import { CollectionSlotsProvider, type CollectionSlots } from '../../lib/feature-slots';

/** Scrolls to `#anchor` targets after navigation (e.g. the header's About link to /#sobre). */
function useScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, pathname]);
}

/** The social controls on every collection card and banner (issue 8). */
const collectionSlots: CollectionSlots = {
  cardActions: CollectionCardActions,
  bannerActions: CollectionBannerActions,
};

/** Header, main content and footer around every page; features meet here, in the slots. */
export function RootLayout() {
  const { t } = useTranslation();
  useScrollToHash();
  return (
    <CollectionSlotsProvider value={collectionSlots}>
      <div className="d-flex flex-column min-vh-100">
        <a href="#main" className="visually-hidden-focusable skip-link">
          {t('common.skipToContent')}
        </a>
        <SiteHeader addItemModal={AddItemModal} notifications={NotificationsBell} search={HeaderSearch} />
        <main id="main" tabIndex={-1} className="flex-grow-1">
          <Outlet />
        </main>
        <SiteFooter />
        <CookieNotice />
        <PageViewTracker />
        <ScrollRestoration />
      </div>
    </CollectionSlotsProvider>
  );
}
