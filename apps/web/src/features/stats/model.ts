import { RATING_STEPS, STATS_ACTIVITY_DAYS, type Stats } from '@acervo/contract/stats';

/** One day of the heat-map; `count` is null outside the 12 months (the grid's padding). */
export type Day = { date: string; count: number | null };
/** One column of the heat-map: a week, Sunday to Saturday. */
export type Week = { days: Day[] };

const DAY_MS = 24 * 3600 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The last `STATS_ACTIVITY_DAYS` days (UTC, as the API counts them) laid out as GitHub draws them:
 * a column per week, Sunday on top; days before the range or after today have a null count.
 */
export function activityWeeks(activity: Stats['activity'], now: number = Date.now()): Week[] {
  const counts = new Map(activity.map((day) => [day.date, day.count]));
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  );
  const first = today - (STATS_ACTIVITY_DAYS - 1) * DAY_MS;
  const start = first - new Date(first).getUTCDay() * DAY_MS;
  const weeks: Week[] = [];
  for (let sunday = start; sunday <= today; sunday += 7 * DAY_MS) {
    const days: Day[] = [];
    for (let day = 0; day < 7; day++) {
      const time = sunday + day * DAY_MS;
      const date = isoDay(time);
      days.push({ date, count: time < first || time > today ? null : (counts.get(date) ?? 0) });
    }
    weeks.push({ days });
  }
  return weeks;
}

/** Items per month of the activity, oldest first ("2026-11" -> 12), months without any left out. */
export function activityByMonth(activity: Stats['activity']): Array<{ month: string; count: number }> {
  const months = new Map<string, number>();
  for (const day of activity) {
    const month = day.date.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + day.count);
  }
  return [...months].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, count]) => ({ month, count }));
}

/** The histogram as bars, 0.5 to 5. */
export const histogramBars = (histogram: Stats['ratings']['histogram']) =>
  RATING_STEPS.map((step) => ({ step, count: histogram[step] ?? 0 }));

/** Within a quarter star of others' mean is "close"; beyond, generous or harsh. */
export function generosityKind(own: number, others: number): 'generous' | 'harsh' | 'even' {
  if (own - others >= 0.25) return 'generous';
  if (others - own >= 0.25) return 'harsh';
  return 'even';
}

/** A chart's drawing size (its SVG's viewBox): the page holds its place while the charts load. */
export type ChartSize = { width: number; height: number };

/** The charts' sizes (stats-charts.tsx draws them at these); the bar charts share a width. */
const CHART_WIDTH = 360;
export const HISTOGRAM_SIZE: ChartSize = { width: CHART_WIDTH, height: 200 };
export const GENEROSITY_SIZE: ChartSize = { width: CHART_WIDTH, height: 76 };
export const CATEGORY_ROW_HEIGHT = 34;
export const categoryChartSize = (rows: number): ChartSize => ({
  width: CHART_WIDTH,
  height: rows * CATEGORY_ROW_HEIGHT + 4,
});
/** The heat-map's cell, and the room for the weekdays on its left and the months above. */
export const HEATMAP_CELL = 13;
export const HEATMAP_LEFT = 30;
export const HEATMAP_TOP = 16;
export const heatmapSize = (weeks: number): ChartSize => ({
  width: HEATMAP_LEFT + weeks * HEATMAP_CELL,
  height: HEATMAP_TOP + 7 * HEATMAP_CELL,
});
