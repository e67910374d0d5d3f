import { Suspense, lazy, useEffect, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';
import { UpdatePrompt } from '../../components/layout/update-prompt';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { EmailReminder } from '../../features/users/components/email-reminder';
import { CollectionSlotsProvider, type CollectionSlots } from '../../lib/feature-slots';
import { useHydrated } from '../../lib/hydrated';
import { usePrefetchLinks } from '../prefetch';

/** Scrolls to `#anchor` targets after navigation (e.g. the header's About link to /#sobre). */
function useScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, pathname]);
}

/**
 * A feature's part whose code loads when first shown (issue 12): until then it suspends, and the
 * nearest Suspense boundary above it waits.
 */
function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

/**
 * A feature slot loaded when first shown (issue 12): the signed-in header's modal, bell and search
 * and the social controls stay out of the pages a visitor opens first. `fallback={null}`: the
 * slot's place is empty for the moment its chunk takes to arrive.
 */
function lazySlot<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazyPart(load);
  return function Slot(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  };
}

// Its form and Modal load when it first opens, not with every signed-in page.
const AddItemModal = lazyDialog(
  async () => (await import('../../features/collections/components/add-item-modal')).AddItemModal,
);
const NotificationsBell = lazySlot(
  async () => (await import('../../features/notifications/components/notifications-bell')).NotificationsBell,
);
const HeaderSearch = lazySlot(
  async () => (await import('../../features/search/components/search-box')).HeaderSearch,
);
/**
 * The cards' buttons suspend their list instead (CollectionSlots' `cardActions`): arriving after
 * the cards, they made every card taller and pushed what follows down.
 */
const CollectionCardActions = lazyPart(
  async () => (await import('../../features/social/components/collection-actions')).CollectionCardActions,
);
/**
 * The banner's buttons suspend the page's view instead (CollectionSlots' `bannerActions`): they
 * would otherwise push the banner's own buttons and text aside as they arrive.
 */
const CollectionBannerActions = lazyPart(
  async () => (await import('../../features/social/components/collection-actions')).CollectionBannerActions,
);
const CollectionReport = lazyPart(
  async () => (await import('../../features/safety/components/content-safety')).CollectionReport,
);
const CollectionHiddenNotice = lazySlot(
  async () => (await import('../../features/safety/components/content-safety')).CollectionHiddenNotice,
);
const ItemSafety = lazySlot(
  async () => (await import('../../features/safety/components/content-safety')).ItemSafety,
);
/**
 * 'Comentários' (features/comments) with 'Denunciar' on each comment (features/safety): the two
 * features meet here, since neither imports the other.
 */
const CollectionComments = lazySlot(async () => {
  const [{ CommentsSection }, { ReportButton }] = await Promise.all([
    import('../../features/comments/components/comments-section'),
    import('../../features/safety/components/report-dialog'),
  ]);
  const Report = ({ id }: { id: string }) => <ReportButton type="comment" id={id} size="sm" />;
  return function Comments(props: Omit<ComponentProps<typeof CommentsSection>, 'report'>) {
    return <CommentsSection {...props} report={Report} />;
  };
});

// Mounted after the first render anyway, and drawing nothing for most visitors: out of the first
// pages' JavaScript.
const CookieNotice = lazySlot(
  async () => (await import('../../features/analytics/components/cookie-notice')).CookieNotice,
);
const PageViewTracker = lazySlot(
  async () => (await import('../../features/analytics/components/page-view-tracker')).PageViewTracker,
);

/** The social controls on every collection card and banner (issue 8), reports (issue 23), comments (issue 26). */
const collectionSlots: CollectionSlots = {
  cardActions: CollectionCardActions,
  bannerActions: CollectionBannerActions,
  bannerSafety: CollectionReport,
  ownerNotice: CollectionHiddenNotice,
  itemSafety: ItemSafety,
  comments: CollectionComments,
};

/**
 * What draws nothing on a prerendered page for its visitor (the cookie notice without analytics,
 * the page-view counter, the update prompt) but costs its first render: mounted once a
 * prerendered page has hydrated (at once in a render of the browser's own), never in the server
 * render, whose markup has none of it.
 */
function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

/**
 * Header, main content and footer around every page; features meet here, in the slots.
 * `prefetchRoute` loads a page's chunks ahead of a click (the router's, which renders this layout).
 */
export function RootLayout({ prefetchRoute }: { prefetchRoute: (path: string) => void }) {
  const { t } = useTranslation();
  useScrollToHash();
  usePrefetchLinks(useLocation().pathname, prefetchRoute);
  return (
    <CollectionSlotsProvider value={collectionSlots}>
      <div className="d-flex flex-column min-vh-100">
        <a href="#main" className="visually-hidden-focusable skip-link">
          {t('common.skipToContent')}
        </a>
        {/*
          Each part a Suspense boundary: on a prerendered page React hydrates them one by one,
          yielding to the browser between them, and first the one the visitor touches (044).
        */}
        <Suspense>
          <SiteHeader
            addItemModal={AddItemModal}
            notifications={NotificationsBell}
            search={HeaderSearch}
            reminder={EmailReminder}
          />
        </Suspense>
        <Suspense>
          <main id="main" tabIndex={-1} className="flex-grow-1">
            <Outlet />
          </main>
        </Suspense>
        <Suspense>
          <SiteFooter />
        </Suspense>
        <AfterHydration>
          <CookieNotice />
          <PageViewTracker />
          <UpdatePrompt />
        </AfterHydration>
        <ScrollRestoration />
      </div>
    </CollectionSlotsProvider>
  );
}
