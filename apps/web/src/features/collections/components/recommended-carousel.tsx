import type { Collection } from '@acervo/contract/collection';
import { useEffect, useState, type ReactNode } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Autoplay, A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { ChevronIcon, PlayPauseIcon } from '../../../components/ui/icons';
import { errorMessageKey } from '../../../lib/api-errors';
import { CollectionCard } from './collection-card';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Spec section 9: speed 400, autoplay 3000 ms; 1 slide up to 768 px, 2 at 1024, 3 at 1200. */
const BREAKPOINTS = { 0: { slidesPerView: 1 }, 1024: { slidesPerView: 2 }, 1200: { slidesPerView: 3 } };

/** Just what the strip reads of a query (the page hands in whose suggestions to show). */
type SuggestionsQuery<C> =
  | { isPending: true; isError: false; data: undefined; error: unknown; refetch: () => unknown }
  | { isPending: false; isError: true; data?: C[] | undefined; error: unknown; refetch: () => unknown }
  | { isPending: false; isError: false; data: C[]; error: unknown; refetch: () => unknown };

/**
 * The profile's strip of recommended collections (spec section 2; issue 11 fills it with the
 * recommender's picks, and `note` shows each one's reason).
 *
 * The arrows sit in the section header, next to 'Ver mais no feed': Swiper's own arrows float
 * over the slides and covered the first card's items on desktop. They are plain buttons that
 * drive the Swiper instance (Swiper's Navigation + A11y modules would also answer Enter on a
 * native button, moving two slides), and `rewind` keeps them enabled at the ends, so keyboard
 * focus is never dropped by a button turning disabled.
 *
 * Moving content needs a way to stop it (WCAG 2.2.2): a pause button, a pause while keyboard focus
 * is inside the slides, and no autoplay at all for people who ask for reduced motion.
 */
export function RecommendedCarousel<C extends Collection>({
  query,
  note,
}: {
  query: SuggestionsQuery<C>;
  note?: (collection: C) => ReactNode;
}) {
  const { t } = useTranslation();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  // All the cards fit (few collections, wide screen): nothing to scroll, so no arrows.
  const [locked, setLocked] = useState(true);
  const hasSlides = Boolean(query.data?.length);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [focusInside, setFocusInside] = useState(false);

  useEffect(() => {
    const autoplay = swiper?.autoplay;
    if (!autoplay) return;
    if (paused || focusInside || locked) autoplay.stop();
    else autoplay.start();
  }, [swiper, paused, focusInside, locked]);

  return (
    <section className="mb-5" aria-labelledby="recommended-title">
      <div className="d-flex justify-content-between align-items-center flex-wrap mb-3 gap-3">
        <h2 id="recommended-title" className="h4 mb-0">
          {t('collections.carousel.title')}
        </h2>
        <div className="d-flex align-items-center gap-3">
          <Link to="/feed" className="text-nowrap">
            {t('collections.carousel.more')}
          </Link>
          {hasSlides && swiper && !locked ? (
            <div className="d-flex gap-2">
              <button
                type="button"
                className="btn-icon carousel-arrow"
                aria-label={t(paused ? 'collections.carousel.play' : 'collections.carousel.pause')}
                aria-controls="recommended-slides"
                onClick={() => setPaused((p) => !p)}
              >
                <PlayPauseIcon playing={!paused} />
              </button>
              <button
                type="button"
                className="btn-icon carousel-arrow"
                aria-label={t('collections.carousel.previous')}
                aria-controls="recommended-slides"
                onClick={() => swiper.slidePrev()}
              >
                <ChevronIcon direction="left" />
              </button>
              <button
                type="button"
                className="btn-icon carousel-arrow"
                aria-label={t('collections.carousel.next')}
                aria-controls="recommended-slides"
                onClick={() => swiper.slideNext()}
              >
                <ChevronIcon direction="right" />
              </button>
            </div>
          ) : null}
        </div>
      </div>
      {query.isPending ? (
        <CardSkeleton count={3} className="col-12 col-lg-6 col-xl-4" />
      ) : query.isError ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'recommendations'))}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data || query.data.length === 0 ? (
        <div className="empty-state text-body-secondary">{t('collections.empty')}</div>
      ) : (
        // Focus events bubble in React, so this wrapper hears focus moving into and out of any card.
        <div
          onFocus={() => setFocusInside(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
          }}
        >
          <Swiper
            id="recommended-slides"
            className="recommended-swiper"
            modules={[Autoplay, A11y]}
            speed={400}
            autoplay={{ delay: 3000, disableOnInteraction: false, pauseOnMouseEnter: true }}
            spaceBetween={24}
            breakpoints={BREAKPOINTS}
            rewind
            onSwiper={(instance) => {
              setSwiper(instance);
              setLocked(instance.isLocked);
            }}
            onLock={() => setLocked(true)}
            onUnlock={() => setLocked(false)}
          >
            {query.data.map((collection) => (
              <SwiperSlide key={collection.id} className="h-auto">
                <CollectionCard collection={collection} note={note?.(collection)} />
              </SwiperSlide>
            ))}
          </Swiper>
        </div>
      )}
    </section>
  );
}
