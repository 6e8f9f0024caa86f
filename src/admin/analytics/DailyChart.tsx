// Daily views (bars, or an area for a year) and unique visitors (a line) over the period, in
// plain SVG. The drawing stretches to its box; the axis labels are HTML at the same percentages,
// so they keep their size on a phone. Screen readers get a summary and the table of numbers.
import type { DailyVisits } from '#lib/analytics-report.ts';
import { areaPath, axisScale, labelledDays, linePoints, MOST_BARS, percentFromBottom, PLOT_HEIGHT, yFor } from './chart-scale.ts';
import { dailyChartSummary, dayLabel, formatCount, fullDayLabel } from './format.ts';

/** Labels under the chart: as many as fit on a phone. */
const MOST_DAY_LABELS = 6;
const BAR_WIDTH = 0.7;

function ViewBars({ views, top }: { views: number[]; top: number }) {
  // The area's outline keeps a single busy day visible among 365.
  if (views.length > MOST_BARS)
    return <path className="chart-views chart-views-area" d={areaPath(views, top)} vectorEffect="non-scaling-stroke" />;
  return (
    <>
      {views.map((value, day) =>
        value > 0 ? (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: the bar's place is its day
            key={day}
            className="chart-views"
            x={day + (1 - BAR_WIDTH) / 2}
            width={BAR_WIDTH}
            y={yFor(value, top)}
            height={PLOT_HEIGHT - yFor(value, top)}
          />
        ) : null,
      )}
    </>
  );
}

export function DailyChart({ daily }: { daily: DailyVisits[] }) {
  const views = daily.map((day) => day.views);
  const visitors = daily.map((day) => day.unique_visitors);
  const { top, ticks } = axisScale(Math.max(0, ...views, ...visitors));
  const days = daily.length;

  return (
    <section className="card analytics-panel" aria-labelledby="analytics-daily-title">
      <h2 id="analytics-daily-title">Daily Views and Visitors</h2>
      <p className="muted analytics-note">UTC days, oldest first.</p>
      <ul className="chart-legend" aria-hidden="true">
        <li>
          <span className="chart-swatch chart-swatch-views" /> Views
        </li>
        <li>
          <span className="chart-swatch chart-swatch-visitors" /> Unique visitors
        </li>
      </ul>
      <div className="daily-chart">
        <div className="daily-chart-y" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} style={{ bottom: `${percentFromBottom(tick, top)}%` }}>
              {formatCount(tick)}
            </span>
          ))}
        </div>
        <div className="daily-chart-plot">
          <svg viewBox={`0 0 ${days} ${PLOT_HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={dailyChartSummary(daily)}>
            {ticks.map((tick) => (
              <line
                key={tick}
                className="chart-grid"
                x1={0}
                x2={days}
                y1={yFor(tick, top)}
                y2={yFor(tick, top)}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <ViewBars views={views} top={top} />
            <polyline className="chart-visitors" points={linePoints(visitors, top)} vectorEffect="non-scaling-stroke" />
          </svg>
          <div className="daily-chart-x" aria-hidden="true">
            {labelledDays(days, MOST_DAY_LABELS).map((day) => (
              <span key={day} style={{ left: `${((day + 0.5) / days) * 100}%` }}>
                {dayLabel(daily[day]!.day)}
              </span>
            ))}
          </div>
        </div>
      </div>
      <details className="analytics-details">
        <summary>Daily numbers</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard */}
        <section className="table-scroll" aria-label="Daily numbers" tabIndex={0}>
          <table className="analytics-table">
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col" className="numeric">
                  Views
                </th>
                <th scope="col" className="numeric">
                  Unique Visitors
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{fullDayLabel(day.day)}</th>
                  <td className="numeric">{formatCount(day.views)}</td>
                  <td className="numeric">{formatCount(day.unique_visitors)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </section>
  );
}
