import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import appStoreBadge from '../../assets/badges/app-store.svg';
import googlePlayBadge from '../../assets/badges/google-play.svg';
import avatar1 from '../../assets/avatars/avatar-1.svg';
import avatar2 from '../../assets/avatars/avatar-2.svg';
import avatar3 from '../../assets/avatars/avatar-3.svg';
import avatar4 from '../../assets/avatars/avatar-4.svg';
import avatar5 from '../../assets/avatars/avatar-5.svg';
import avatar6 from '../../assets/avatars/avatar-6.svg';
import { CheckIcon } from '../../components/ui/icons';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { addPortugueseTexts } from '../../lib/i18n';
import { landing } from '../../locales/pt/pages';

// The Portuguese texts of this page come with it, not in the first chunk (locales/types.ts).
addPortugueseTexts({ landing });

const AVATARS = [avatar1, avatar2, avatar3, avatar4, avatar5, avatar6];

type Step = { title: string; body: string };
type Testimonial = { name: string; date: string; text: string };

/** A decorative stack of collection cards for the hero (no remote images under our CSP). */
function HeroArt() {
  const { t } = useTranslation();
  return (
    <div className="hero-art" role="img" aria-label={t('landing.hero.imageAlt')}>
      <div className="hero-card hero-card-1">
        <span className="hero-chip chip-1" />
        <span className="hero-line w-75" />
        <span className="hero-line w-50" />
        <span className="hero-line w-66" />
      </div>
      <div className="hero-card hero-card-2">
        <span className="hero-chip chip-2" />
        <span className="hero-line w-66" />
        <span className="hero-line w-75" />
        <span className="hero-line w-50" />
      </div>
      <div className="hero-card hero-card-3">
        <span className="hero-chip chip-3" />
        <span className="hero-line w-50" />
        <span className="hero-line w-75" />
      </div>
    </div>
  );
}

export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('landing.pageTitle'));
  const points = t('landing.purpose.points', { returnObjects: true }) as string[];
  const steps = t('landing.how.steps', { returnObjects: true }) as Step[];
  const testimonials = t('landing.testimonials.items', { returnObjects: true }) as Testimonial[];

  return (
    <>
      <section className="hero">
        <div className="container py-5">
          <div className="row align-items-center g-4 g-lg-5 py-lg-4">
            <div className="col-12 col-lg-6">
              <p className="text-uppercase fw-semibold small hero-eyebrow mb-3">
                {t('landing.hero.eyebrow')}
              </p>
              <h1 className="display-4 fw-bold mb-3">{t('landing.hero.title')}</h1>
              <p className="lead mb-4">{t('landing.hero.lead')}</p>
              <div className="d-flex flex-column flex-sm-row gap-3">
                <Link to="/register" className="btn btn-primary btn-lg">
                  {t('landing.hero.cta')}
                </Link>
                <Link to="/login" className="btn btn-outline-primary btn-lg">
                  {t('landing.hero.secondary')}
                </Link>
              </div>
            </div>
            <div className="col-12 col-lg-6">
              <HeroArt />
            </div>
          </div>
        </div>
      </section>

      <section id="sobre" className="py-5" aria-labelledby="purpose-heading" tabIndex={-1}>
        <div className="container">
          <div className="row g-4 align-items-center">
            <div className="col-12 col-lg-6">
              <h2 id="purpose-heading" className="h1 fw-bold mb-3">
                {t('landing.purpose.heading')}
              </h2>
              <p className="fs-5 text-body-secondary mb-0">{t('landing.purpose.body')}</p>
            </div>
            <div className="col-12 col-lg-6">
              <ul className="list-unstyled d-grid gap-3 mb-0">
                {points.map((point) => (
                  <li key={point} className="purpose-point">
                    <span className="purpose-check">
                      <CheckIcon size={18} />
                    </span>
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className="py-5 bg-body-tertiary" aria-labelledby="how-heading">
        <div className="container">
          <h2 id="how-heading" className="h1 fw-bold text-center mb-5">
            {t('landing.how.heading')}
          </h2>
          <ol className="row g-4 list-unstyled mb-0">
            {steps.map((step, index) => (
              <li key={step.title} className="col-12 col-sm-6 col-lg-3">
                <div className="card h-100 border-0 shadow-sm step-card">
                  <div className="card-body p-4">
                    <span className="step-number" aria-hidden="true">
                      {index + 1}
                    </span>
                    <h3 className="h5 fw-semibold mt-3">{step.title}</h3>
                    <p className="mb-0 text-body-secondary">{step.body}</p>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="py-5" aria-labelledby="testimonials-heading">
        <div className="container">
          <h2 id="testimonials-heading" className="h1 fw-bold text-center mb-5">
            {t('landing.testimonials.heading')}
          </h2>
          <div className="row g-4">
            {testimonials.map((item, index) => (
              <div key={item.name} className="col-12 col-md-6 col-lg-4">
                <figure className="card h-100 border-0 shadow-sm testimonial mb-0">
                  <blockquote className="card-body p-4 mb-0">
                    <p className="mb-0">“{item.text}”</p>
                  </blockquote>
                  <figcaption className="card-footer bg-transparent border-0 px-4 pb-4 pt-0 d-flex align-items-center gap-3">
                    <img
                      src={AVATARS[index % AVATARS.length]}
                      alt={t('landing.testimonials.avatarAlt', { name: item.name })}
                      width={48}
                      height={48}
                      loading="lazy"
                      className="rounded-circle"
                    />
                    <span>
                      <span className="d-block fw-semibold">{item.name}</span>
                      <span className="d-block small text-body-secondary">{item.date}</span>
                    </span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="py-5 apps-band" aria-labelledby="apps-heading">
        <div className="container">
          <div className="row g-4 align-items-center">
            <div className="col-12 col-lg-7">
              <span className="badge rounded-pill text-bg-warning mb-3">{t('landing.apps.soon')}</span>
              <h2 id="apps-heading" className="h1 fw-bold mb-3">
                {t('landing.apps.heading')}
              </h2>
              <p className="fs-5 mb-0">{t('landing.apps.body')}</p>
            </div>
            <div className="col-12 col-lg-5 d-flex flex-wrap gap-3 justify-content-lg-end">
              <img
                src={appStoreBadge}
                alt={t('landing.apps.appStore')}
                width={160}
                height={48}
                loading="lazy"
              />
              <img
                src={googlePlayBadge}
                alt={t('landing.apps.googlePlay')}
                width={160}
                height={48}
                loading="lazy"
              />
            </div>
          </div>
        </div>
      </section>

      <section className="py-5 text-center" aria-labelledby="cta-heading">
        <div className="container">
          <h2 id="cta-heading" className="h2 fw-bold mb-4">
            {t('landing.finalCta.heading')}
          </h2>
          <Link to="/register" className="btn btn-primary btn-lg">
            {t('landing.finalCta.button')}
          </Link>
        </div>
      </section>
    </>
  );
}
