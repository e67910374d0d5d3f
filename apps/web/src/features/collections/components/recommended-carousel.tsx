import { Autoplay, A11y, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessageKey } from '../../../lib/api-errors';
import { usePopularCollections } from '../hooks/use-collections';
import { CollectionCard } from './collection-card';

/** Spec section 9: speed 400, autoplay 3000 ms; 1 slide up to 768 px, 2 at 1024, 3 at 1200. */
const BREAKPOINTS = { 0: { slidesPerView: 1 }, 1024: { slidesPerView: 2 }, 1200: { slidesPerView: 3 } };

/** The profile's strip of recommended collections (the 5 most followed, spec section 2). */
export function RecommendedCarousel() {
  const { t } = useTranslation();
  const query = usePopularCollections();
  return (
    <section className="mb-5" aria-labelledby="recommended-title">
      <div className="d-flex justify-content-between align-items-baseline mb-3 gap-3">
        <h2 id="recommended-title" className="h4 mb-0">
          {t('collections.carousel.title')}
        </h2>
        <Link to="/feed" className="text-nowrap">
          {t('collections.carousel.more')}
        </Link>
      </div>
      {query.isPending ? (
        <CardSkeleton count={3} className="col-12 col-lg-6 col-xl-4" />
      ) : query.isError ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'recommendations'))}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <div className="empty-state text-body-secondary">{t('collections.empty')}</div>
      ) : (
        <Swiper
          className="recommended-swiper"
          modules={[Autoplay, A11y, Navigation]}
          speed={400}
          autoplay={{ delay: 3000, disableOnInteraction: false, pauseOnMouseEnter: true }}
          spaceBetween={24}
          breakpoints={BREAKPOINTS}
          navigation
          a11y={{
            prevSlideMessage: t('collections.carousel.previous'),
            nextSlideMessage: t('collections.carousel.next'),
          }}
        >
          {query.data.map((collection) => (
            <SwiperSlide key={collection.id} className="h-auto">
              <CollectionCard collection={collection} />
            </SwiperSlide>
          ))}
        </Swiper>
      )}
    </section>
  );
}
