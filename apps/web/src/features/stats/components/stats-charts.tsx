import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { HeatmapRect } from '@visx/heatmap';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useEffect, useRef } from 'react';
import {
  categoryChartSize,
  CATEGORY_ROW_HEIGHT,
  GENEROSITY_SIZE,
  HEATMAP_CELL as CELL,
  HEATMAP_LEFT as LEFT,
  HEATMAP_TOP as TOP,
  heatmapSize,
  HISTOGRAM_SIZE,
  type Week,
} from '../model';

/**
 * The charts of "Estatísticas" (issue 28), drawn as SVG with visx (decision 052). This module is
 * imported dynamically by the stats page only, so no other page downloads the chart library. Each
 * SVG is an image with a label; the figures it draws are also in text beside it (user-stats.tsx).
 */

const BRAND = '#5b3cc4';
const EMPTY = '#ebedf0';
const AXIS = '#6c6a7a';

const tickLabel = () => ({ fill: AXIS, fontSize: 11, textAnchor: 'middle' as const });

/** Items per half star, 0.5 to 5: vertical bars with both axes. */
export function HistogramChart({
  bars,
  label,
  formatStep,
}: {
  bars: Array<{ step: string; count: number }>;
  label: string;
  formatStep: (step: string) => string;
}) {
  const { width, height } = HISTOGRAM_SIZE;
  const margin = { top: 10, right: 8, bottom: 28, left: 32 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand({ domain: bars.map((bar) => bar.step), range: [0, innerWidth], padding: 0.2 });
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-label={label}
      className="stats-chart"
    >
      <Group left={margin.left} top={margin.top}>
        {bars.map((bar) => (
          <Bar
            key={bar.step}
            x={x(bar.step)}
            y={y(bar.count)}
            width={x.bandwidth()}
            height={innerHeight - y(bar.count)}
            rx={2}
            fill={BRAND}
          />
        ))}
        <AxisLeft
          scale={y}
          numTicks={Math.min(max, 4)}
          tickFormat={(value) => String(Math.round(Number(value)))}
          stroke={AXIS}
          tickStroke={AXIS}
          tickLabelProps={() => ({ ...tickLabel(), textAnchor: 'end', dx: -4, dy: 3 })}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickFormat={formatStep}
          stroke={AXIS}
          tickStroke={AXIS}
          tickLabelProps={tickLabel}
        />
      </Group>
    </svg>
  );
}

/** Items rated per category: a horizontal bar each, its count and average written at its end. */
export function CategoryChart({
  rows,
  label,
}: {
  rows: Array<{ name: string; rated: number; note: string }>;
  label: string;
}) {
  const rowHeight = CATEGORY_ROW_HEIGHT;
  const { width, height } = categoryChartSize(rows.length);
  const nameWidth = 110;
  const noteWidth = 86;
  const y = scaleBand({ domain: rows.map((_, i) => i), range: [0, rows.length * rowHeight], padding: 0.25 });
  const x = scaleLinear({
    domain: [0, Math.max(1, ...rows.map((row) => row.rated))],
    range: [0, width - nameWidth - noteWidth],
  });
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-label={label}
      className="stats-chart"
    >
      {rows.map((row, i) => {
        const top = y(i) ?? 0;
        const middle = top + y.bandwidth() / 2;
        return (
          <Group key={`${row.name}-${i}`}>
            <text x={nameWidth - 8} y={middle} dy="0.35em" textAnchor="end" fontSize={12} fill="currentColor">
              {row.name.length > 16 ? `${row.name.slice(0, 15)}…` : row.name}
            </text>
            <Bar
              x={nameWidth}
              y={top}
              width={Math.max(2, x(row.rated))}
              height={y.bandwidth()}
              rx={2}
              fill={BRAND}
            />
            <text x={nameWidth + x(row.rated) + 6} y={middle} dy="0.35em" fontSize={11} fill={AXIS}>
              {row.note}
            </text>
          </Group>
        );
      })}
    </svg>
  );
}

/** The person's mean next to others' mean for the same works, on a 0 to 5 scale. */
export function GenerosityChart({
  own,
  others,
  ownLabel,
  othersLabel,
  label,
  format,
}: {
  own: number;
  others: number;
  ownLabel: string;
  othersLabel: string;
  label: string;
  format: (value: number) => string;
}) {
  const { width, height } = GENEROSITY_SIZE;
  const labelWidth = 180;
  const x = scaleLinear({ domain: [0, 5], range: [0, width - labelWidth - 40] });
  const rows = [
    { name: ownLabel, value: own, fill: BRAND },
    { name: othersLabel, value: others, fill: AXIS },
  ];
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-label={label}
      className="stats-chart stats-chart-narrow"
    >
      {rows.map((row, i) => (
        <Group key={row.name} top={i * 36 + 4}>
          <text x={labelWidth - 8} y={13} dy="0.35em" textAnchor="end" fontSize={12} fill="currentColor">
            {row.name}
          </text>
          <Bar x={labelWidth} y={0} width={Math.max(2, x(row.value))} height={26} rx={2} fill={row.fill} />
          <text x={labelWidth + x(row.value) + 6} y={13} dy="0.35em" fontSize={12} fill="currentColor">
            {format(row.value)}
          </text>
        </Group>
      ))}
    </svg>
  );
}

/**
 * The calendar heat-map: a column per week, Sunday on top, the colour by the day's count (GitHub's
 * contribution graph). Month names above the week where a month starts; days outside the range
 * are not drawn.
 */
export function ActivityHeatmap({
  weeks,
  label,
  weekdays,
  monthName,
}: {
  weeks: Week[];
  label: string;
  weekdays: string[];
  monthName: (month: number) => string;
}) {
  const svg = useRef<SVGSVGElement>(null);
  // On a narrow screen the box scrolls: it opens on the latest weeks, as GitHub's does.
  useEffect(() => {
    const box = svg.current?.closest('.stats-heatmap-box');
    if (box) box.scrollLeft = box.scrollWidth;
  }, []);
  const max = Math.max(1, ...weeks.flatMap((week) => week.days.map((day) => day.count ?? 0)));
  const color = scaleLinear<string>({ domain: [0, 1, max], range: [EMPTY, '#c9bdf0', BRAND] });
  const { width, height } = heatmapSize(weeks.length);
  const months = weeks.flatMap((week, i) => {
    const first = week.days.find((day) => day.count !== null && day.date.endsWith('-01'));
    return first && i < weeks.length - 2 ? [{ i, month: Number(first.date.slice(5, 7)) - 1 }] : [];
  });
  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      className="stats-heatmap"
    >
      {months.map(({ i, month }) => (
        <text key={i} x={LEFT + i * CELL} y={10} fontSize={10} fill={AXIS}>
          {monthName(month)}
        </text>
      ))}
      {[1, 3, 5].map((day) => (
        <text key={day} x={LEFT - 4} y={TOP + day * CELL + 9} fontSize={9} textAnchor="end" fill={AXIS}>
          {weekdays[day]}
        </text>
      ))}
      {/* With a render function HeatmapRect draws no group of its own: this one places it. */}
      <Group left={LEFT} top={TOP}>
        <HeatmapRect<Week, Week['days'][number]>
          data={weeks}
          binWidth={CELL}
          binHeight={CELL}
          gap={3}
          xScale={(i) => i * CELL}
          yScale={(i) => i * CELL}
          bins={(week) => week.days}
          count={(day) => day.count ?? 0}
        >
          {(columns) =>
            columns.flatMap((cells) =>
              cells.flatMap((cell) =>
                cell.bin.count === null
                  ? []
                  : [
                      <rect
                        key={cell.bin.date}
                        x={cell.x}
                        y={cell.y}
                        width={cell.width}
                        height={cell.height}
                        rx={2}
                        fill={color(cell.bin.count)}
                      />,
                    ],
              ),
            )
          }
        </HeatmapRect>
      </Group>
    </svg>
  );
}

/** The heat-map's key: five squares from none to the most. */
export function HeatmapLegend({ less, more }: { less: string; more: string }) {
  const shades = [EMPTY, '#c9bdf0', '#a08ae0', '#7c62d2', BRAND];
  return (
    <span className="d-inline-flex align-items-center gap-1 small text-body-secondary" aria-hidden="true">
      {less}
      <svg width={shades.length * 13} height={11}>
        {shades.map((fill, i) => (
          <rect key={fill} x={i * 13} y={0} width={10} height={10} rx={2} fill={fill} />
        ))}
      </svg>
      {more}
    </span>
  );
}
