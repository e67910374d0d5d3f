import '../texts';
import type { Stats } from '@acervo/contract/stats';
import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRating } from '../../../lib/format';
import {
  activityByMonth,
  activityWeeks,
  categoryChartSize,
  GENEROSITY_SIZE,
  generosityKind,
  heatmapSize,
  histogramBars,
  HISTOGRAM_SIZE,
  type ChartSize,
} from '../model';

// visx comes with the charts only, fetched when this page draws them (decision 052).
const charts = () => import('./stats-charts');
const HistogramChart = lazy(async () => ({ default: (await charts()).HistogramChart }));
const CategoryChart = lazy(async () => ({ default: (await charts()).CategoryChart }));
const GenerosityChart = lazy(async () => ({ default: (await charts()).GenerosityChart }));
const ActivityHeatmap = lazy(async () => ({ default: (await charts()).ActivityHeatmap }));
const HeatmapLegend = lazy(async () => ({ default: (await charts()).HeatmapLegend }));

/** "2026-11-03" as people read it: 03/11/2026 (spec section 3), in either language. */
const formatDay = (date: string) => date.split('-').reverse().join('/');

/** A card of the page: its heading, the chart and the chart's text for screen readers. */
function StatsCard({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card h-100">
      <div className="card-body">
        <h3 id={id} className="h6 fw-bold mb-3">
          {heading}
        </h3>
        {children}
      </div>
    </section>
  );
}

/**
 * Holds the chart's place while the chart library downloads: a box of the chart's own proportions
 * (`narrow`: as wide at most as the two-bar chart), or of its pixels (`fixed`: the heat-map, which
 * scrolls in its box), so that nothing under it moves when the chart comes.
 */
function ChartSlot({
  size,
  narrow = false,
  fixed = false,
  children,
}: {
  size: ChartSize;
  narrow?: boolean;
  fixed?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const box = fixed
    ? { width: size.width, height: size.height }
    : { width: '100%', aspectRatio: `${size.width} / ${size.height}` };
  return (
    <Suspense
      fallback={
        <div
          // The heat-map's box is wider than a phone: its words at its start, where they are seen.
          className={`d-flex align-items-center justify-content-${fixed ? 'start' : 'center'} text-body-secondary small${narrow ? ' stats-chart-narrow' : ''}`}
          style={box}
        >
          {t('stats.chartLoading')}
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

function Histogram({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation();
  const bars = histogramBars(stats.ratings.histogram);
  const rating = (step: string) => formatRating(Number(step), i18n.language);
  return (
    <StatsCard id="stats-histogram" heading={t('stats.histogram.heading')}>
      <ChartSlot size={HISTOGRAM_SIZE}>
        <HistogramChart bars={bars} label={t('stats.histogram.label')} formatStep={rating} />
      </ChartSlot>
      <ul className="visually-hidden" data-testid="histogram-text">
        {bars
          .filter((bar) => bar.count > 0)
          .map((bar) => (
            <li key={bar.step}>
              {t('stats.histogram.step', { count: bar.count, rating: rating(bar.step) })}
            </li>
          ))}
      </ul>
    </StatsCard>
  );
}

function Categories({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation();
  const rows = stats.categories
    .filter((category) => category.rated > 0)
    .map((category) => {
      const average =
        category.average === null
          ? t('stats.categories.noAverage')
          : formatRating(category.average, i18n.language);
      return {
        name: category.category_name,
        rated: category.rated,
        note: `${category.rated} · ${t('stats.categories.averageShort', { average })}`,
        text: t('stats.categories.row', {
          name: category.category_name,
          count: category.rated,
          average,
          interpolation: { escapeValue: false },
        }),
      };
    });
  return (
    <StatsCard id="stats-categories" heading={t('stats.categories.heading')}>
      <ChartSlot size={categoryChartSize(rows.length)}>
        <CategoryChart rows={rows} label={t('stats.categories.label')} />
      </ChartSlot>
      <ul className="visually-hidden" data-testid="categories-text">
        {rows.map((row, i) => (
          <li key={`${row.name}-${i}`}>{row.text}</li>
        ))}
      </ul>
    </StatsCard>
  );
}

function Generosity({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation();
  const generosity = stats.generosity;
  const format = (value: number) => formatRating(value, i18n.language);
  if (!generosity)
    return (
      <StatsCard id="stats-generosity" heading={t('stats.generosity.heading')}>
        <p className="text-body-secondary mb-0">{t('stats.generosity.none')}</p>
      </StatsCard>
    );
  const kind = generosityKind(generosity.own_average, generosity.others_average);
  return (
    <StatsCard id="stats-generosity" heading={t('stats.generosity.heading')}>
      <ChartSlot size={GENEROSITY_SIZE} narrow>
        <GenerosityChart
          own={generosity.own_average}
          others={generosity.others_average}
          ownLabel={t('stats.generosity.own')}
          othersLabel={t('stats.generosity.others')}
          label={t('stats.generosity.label')}
          format={format}
        />
      </ChartSlot>
      <p className="mb-0 mt-2" data-testid="generosity-text">
        {t(`stats.generosity.${kind}`, {
          own: format(generosity.own_average),
          others: format(generosity.others_average),
          count: generosity.items,
        })}
      </p>
    </StatsCard>
  );
}

function Activity({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation();
  const weeks = useMemo(() => activityWeeks(stats.activity), [stats.activity]);
  const locale = i18n.language === 'en' ? 'en' : 'pt-BR';
  const total = stats.activity.reduce((sum, day) => sum + day.count, 0);
  const busiest = stats.activity.reduce<Stats['activity'][number] | null>(
    (best, day) => (best && best.count >= day.count ? best : day),
    null,
  );
  const short = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthName = (month: number) => short.format(Date.UTC(2024, month, 1)).replace('.', '');
  return (
    <StatsCard id="stats-activity" heading={t('stats.activity.heading')}>
      <div className="stats-heatmap-box" tabIndex={0} role="region" aria-label={t('stats.activity.region')}>
        <ChartSlot size={heatmapSize(weeks.length)} fixed>
          <ActivityHeatmap
            weeks={weeks}
            label={t('stats.activity.label')}
            weekdays={t('stats.activity.weekdays', { returnObjects: true })}
            monthName={monthName}
          />
        </ChartSlot>
      </div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-2">
        <p className="mb-0 small" data-testid="activity-text">
          {busiest
            ? `${t('stats.activity.summary', {
                count: total,
                days: t('stats.activity.days', { count: stats.activity.length }),
              })} ${t('stats.activity.busiest', { count: busiest.count, date: formatDay(busiest.date) })}`
            : t('stats.activity.none')}
        </p>
        <Suspense fallback={null}>
          <HeatmapLegend less={t('stats.activity.less')} more={t('stats.activity.more')} />
        </Suspense>
      </div>
      <table className="visually-hidden">
        <caption>{t('stats.activity.monthsCaption')}</caption>
        <tbody>
          {activityByMonth(stats.activity).map(({ month, count }) => (
            <tr key={month}>
              <td>
                {t('stats.activity.month', {
                  month: long.format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)),
                  count,
                })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </StatsCard>
  );
}

function People({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const collection = stats.most_liked_collection;
  return (
    <div className="row g-3">
      <div className="col-md-6">
        <StatsCard id="stats-closest" heading={t('stats.closest.heading')}>
          {stats.closest.length ? (
            <ol className="list-unstyled mb-0 d-grid gap-2">
              {stats.closest.map((person) => (
                <li key={person.user_id} className="d-flex justify-content-between gap-2">
                  <Link to={`/profile/${person.user_id}`} className="text-break">
                    {person.name}
                  </Link>
                  <span className="text-body-secondary text-nowrap">
                    {t('stats.closest.match', { match: person.match })}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-body-secondary mb-0">{t('stats.closest.none')}</p>
          )}
        </StatsCard>
      </div>
      <div className="col-md-6">
        <StatsCard id="stats-most-liked" heading={t('stats.mostLiked.heading')}>
          {collection ? (
            <p className="mb-0 d-flex justify-content-between gap-2">
              <Link to={`/lists/${collection.id}`} className="text-break">
                {collection.name}
              </Link>
              <span className="text-body-secondary text-nowrap">
                {t('stats.mostLiked.likes', { count: collection.likes_count })}
              </span>
            </p>
          ) : (
            <p className="text-body-secondary mb-0">{t('stats.mostLiked.none')}</p>
          )}
        </StatsCard>
      </div>
    </div>
  );
}

/**
 * "Estatísticas" (issue 28): one person's taste drawn from what the reader may read: the ratings
 * in half stars, per category, generous or harsh, a year of activity, the closest people and the
 * most liked collection. Each chart has its figures in text for screen readers.
 */
export function UserStats({ stats, own, name }: { stats: Stats; own: boolean; name: string }) {
  const { t, i18n } = useTranslation();
  if (stats.ratings.count === 0)
    return (
      <section aria-labelledby="stats-heading" className="card">
        <div className="card-body text-center py-5">
          <h2 id="stats-heading" className="h4 mb-3">
            {t('stats.heading')}
          </h2>
          {own ? (
            <>
              <p className="mb-3">{t('stats.empty')}</p>
              <Link to="/profile" className="btn btn-primary">
                {t('stats.emptyAction')}
              </Link>
            </>
          ) : (
            <p className="mb-0">{t('stats.emptyOther', { name, interpolation: { escapeValue: false } })}</p>
          )}
        </div>
      </section>
    );
  return (
    <section aria-labelledby="stats-heading">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h2 id="stats-heading" className="h4 mb-0">
          {t('stats.heading')}
        </h2>
        <p className="mb-0 text-body-secondary" data-testid="stats-summary">
          {t('stats.summary', {
            count: stats.ratings.count,
            average: formatRating(stats.ratings.average ?? 0, i18n.language),
          })}
          {own ? null : ` · ${t('stats.othersNote')}`}
        </p>
      </div>
      <div className="row g-3 mb-3">
        <div className="col-lg-6">
          <Histogram stats={stats} />
        </div>
        <div className="col-lg-6">
          <Categories stats={stats} />
        </div>
      </div>
      <div className="mb-3">
        <Activity stats={stats} />
      </div>
      <div className="mb-3">
        <Generosity stats={stats} />
      </div>
      <People stats={stats} />
    </section>
  );
}
