import '../texts';
import type { Collection } from '@acervo/contract/collection';
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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

/**
 * Spec section 9: a slide moves in 400 ms, autoplay every 3000 ms. The slides per view (1, 2 from
 * 1024 px, 3 from 1200 px) and the 24 px between them are CSS (`.carousel-slide`).
 */
const SPEED = 400;
const DELAY = 3000;

/** How far apart two slides start (a slide's width and the gap). */
function slideStep(row: HTMLElement): number {
  const [first, second] = row.children as unknown as HTMLElement[];
  return first && second ? second.offsetLeft - first.offsetLeft : row.clientWidth;
}

/** The furthest slide the row can bring to its start (the last ones share the last view). */
function lastPosition(row: HTMLElement): number {
  return Math.round((row.scrollWidth - row.clientWidth) / slideStep(row));
}

/**
 * Scrolls the row to `left` in `duration` ms, eased as Swiper's CSS transition was. Snapping is
 * off while it moves: each frame's scroll would otherwise snap back to the nearest slide.
 */
function slideRow(row: HTMLElement, left: number, duration: number): () => void {
  const from = row.scrollLeft;
  if (!duration || from === left) {
    row.scrollLeft = left;
    return () => {};
  }
  let frame = 0;
  const began = performance.now();
  row.style.scrollSnapType = 'none';
  const step = (now: number) => {
    const p = Math.min(1, (now - began) / duration);
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    row.scrollLeft = from + (left - from) * eased;
    if (p < 1) frame = requestAnimationFrame(step);
    else row.style.scrollSnapType = '';
  };
  frame = requestAnimationFrame(step);
  return () => {
    cancelAnimationFrame(frame);
    row.style.scrollSnapType = '';
  };
}

/** Just what the strip reads of a query (the page hands in whose suggestions to show). */
type SuggestionsQuery<C> =
  | { isPending: true; isError: false; data: undefined; error: unknown; refetch: () => unknown }
  | { isPending: false; isError: true; data?: C[] | undefined; error: unknown; refetch: () => unknown }
  | { isPending: false; isError: false; data: C[]; error: unknown; refetch: () => unknown };

/** The strip's cards while they load: three, with their reasons and buttons. */
function StripSkeleton() {
  return <CardSkeleton count={3} className="col-12 col-lg-6 col-xl-4" withActions withNote />;
}

/**
 * The profile's strip of recommended collections (spec section 2; issue 11 fills it with the
 * recommender's picks, and `note` shows each one's reason).
 *
 * A row that scrolls natively with CSS scroll snapping (a finger swipes it on a phone), not a
 * carousel library: Swiper was 27 KB of script and its start-up measured and moved the slides
 * in the profile's longest task (decision 035). The script here only drives the arrows, the
 * autoplay and which slide is first in view.
 *
 * The arrows sit in the section header, next to 'Ver mais no feed', clear of the cards. They
 * rewind at the ends, so they stay enabled and keyboard focus is never dropped by a button turning
 * disabled. All the cards fit (few collections, wide screen): nothing to scroll, so no arrows.
 *
 * Moving content needs a way to stop it (WCAG 2.2.2): a pause button, a pause while keyboard focus
 * is inside the slides or the pointer is over them, and no autoplay at all for people who ask for
 * reduced motion.
 */
export function RecommendedCarousel<C extends Collection>({
  query,
  note,
}: {
  query: SuggestionsQuery<C>;
  note?: (collection: C) => ReactNode;
}) {
  const { t } = useTranslation();
  const row = useRef<HTMLDivElement | null>(null);
  // The row as state too: it mounts after the slides' data when their cards wait for their buttons.
  const [rowElement, setRowElement] = useState<HTMLDivElement | null>(null);
  const [active, setActive] = useState(0);
  const [locked, setLocked] = useState(true);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [focusInside, setFocusInside] = useState(false);
  const [pointerInside, setPointerInside] = useState(false);
  const stopSliding = useRef(() => {});
  const slides = query.data;
  const hasSlides = Boolean(slides?.length);
  const arrows = hasSlides && !locked;

  // Whether the slides overflow the row, before the first paint of the slides, so that the arrows
  // appear with them and do not push the strip down a frame later.
  useLayoutEffect(() => {
    const element = rowElement;
    if (!element) return;
    const measure = () => setLocked(element.scrollWidth <= element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [slides, rowElement]);

  const goTo = (index: number) => {
    const element = row.current;
    if (!element) return;
    const last = lastPosition(element);
    const target = index > last ? 0 : index < 0 ? last : index;
    stopSliding.current();
    stopSliding.current = slideRow(
      element,
      Math.min(target * slideStep(element), element.scrollWidth - element.clientWidth),
      prefersReducedMotion() ? 0 : SPEED,
    );
  };

  // The next slide DELAY ms after the last move, as Swiper's autoplay did.
  const running = arrows && !paused && !focusInside && !pointerInside;
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => goTo(active + 1), DELAY);
    return () => clearTimeout(timer);
  }, [running, active]);
  useEffect(() => () => stopSliding.current(), []);

  // The cards do not change when the strip moves: only the slides' wrappers are drawn again.
  const cards = useMemo(
    () =>
      slides?.map((collection, index) => (
        <CollectionCard
          key={collection.id}
          collection={collection}
          note={note?.(collection)}
          eager={index === 0}
        />
      )),
    // `note` is a new function on every render of the page; what it draws depends on the data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [slides],
  );

  return (
    <section className="mb-5" aria-labelledby="recommended-title">
      <div className="d-flex justify-content-between align-items-center flex-wrap mb-3 gap-3">
        <h2 id="recommended-title" className="h4 mb-0">
          {t('collections.carousel.title')}
        </h2>
        {/* As tall as the arrows, with them or without (every card fits): the strip stays put. */}
        <div className="d-flex align-items-center gap-3 carousel-controls">
          <Link to="/feed" className="text-nowrap">
            {t('collections.carousel.more')}
          </Link>
          {query.isPending || arrows ? (
            // Held (invisible) while the suggestions load: on a phone the arrows take a line of
            // their own, and the strip would move down when they came.
            <div
              className={`d-flex gap-2${query.isPending ? ' invisible' : ''}`}
              aria-hidden={query.isPending || undefined}
            >
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
                onClick={() => goTo(active - 1)}
              >
                <ChevronIcon direction="left" />
              </button>
              <button
                type="button"
                className="btn-icon carousel-arrow"
                aria-label={t('collections.carousel.next')}
                aria-controls="recommended-slides"
                onClick={() => goTo(active + 1)}
              >
                <ChevronIcon direction="right" />
              </button>
            </div>
          ) : null}
        </div>
      </div>
      {query.isPending ? (
        <StripSkeleton />
      ) : query.isError ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'recommendations'))}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data || query.data.length === 0 ? (
        <div className="empty-state text-body-secondary">{t('collections.empty')}</div>
      ) : (
        // The cards' buttons are another feature's code: until it has arrived, the placeholders
        // stay, rather than the cards growing under the reader when it comes.
        <Suspense fallback={<StripSkeleton />}>
          {/* Focus events bubble in React, so this wrapper hears focus moving into and out of any card. */}
          <div
            onFocus={() => setFocusInside(true)}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
            }}
          >
            <div
              id="recommended-slides"
              ref={(element) => {
                row.current = element;
                setRowElement(element);
              }}
              className="carousel-row"
              onMouseEnter={() => setPointerInside(true)}
              onMouseLeave={() => setPointerInside(false)}
              onScroll={(event) => {
                const element = event.currentTarget;
                setActive(
                  Math.min(lastPosition(element), Math.round(element.scrollLeft / slideStep(element))),
                );
              }}
            >
              {query.data.map((collection, index) => (
                <div
                  key={collection.id}
                  className={`carousel-slide${index === active ? ' is-active' : ''}`}
                  role="group"
                  aria-label={`${index + 1} / ${query.data.length}`}
                >
                  {cards?.[index]}
                </div>
              ))}
            </div>
          </div>
        </Suspense>
      )}
    </section>
  );
}
