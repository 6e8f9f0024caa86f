// Content Performance: the first 20 stories, chapters, galleries or pages of the
// period, in a table that scrolls sideways inside its box on a phone. A failure leaves it empty
// (docs/product.md, Forms and messages).
import { useState } from 'react';
import { type AnalyticsPeriod, CONTENT_KINDS, CONTENT_TABLE_ROWS, type ContentKind, type ContentRows } from '#lib/analytics-report.ts';
import { analyticsApi } from './api.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { CONTENT_LABELS } from './format.ts';
import { CONTENT_TABLES, type ContentTableSpec } from './content-tables.tsx';
import { useAnalyticsQuery } from './useAnalyticsQuery.ts';

/** Rows with the kind they are, so the columns always match the rows shown. */
type ContentList = { [K in ContentKind]: { kind: K; rows: ContentRows[K][] } }[ContentKind];

function ContentTable({ list }: { list: ContentList }) {
  // The kind and its rows travel together (ContentList); TypeScript cannot follow that pairing
  // through an index, hence the one widening here.
  const spec = CONTENT_TABLES[list.kind] as ContentTableSpec<ContentList['rows'][number]>;
  const label = `${CONTENT_LABELS[list.kind]} performance`;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      <table className="analytics-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {spec.columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.rows.slice(0, CONTENT_TABLE_ROWS).map((row) => (
            <tr key={spec.key(row)}>
              {spec.columns.map((column) => (
                <td key={column.header} className={column.numeric ? 'numeric' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function ContentPanel({ days }: { days: AnalyticsPeriod }) {
  const [kind, setKind] = useState<ContentKind>('stories');
  const { value, loading } = useAnalyticsQuery(
    ['content', days, kind],
    async () => ({ kind, rows: await analyticsApi.content(days, kind) }) as ContentList,
    { value: { kind, rows: [] } as ContentList },
  );
  const list = value?.kind === kind ? value : null;

  return (
    <section className="card analytics-panel" aria-labelledby="analytics-content-title" aria-busy={loading}>
      <h2 id="analytics-content-title">Content Performance</h2>
      <ChoiceSelect
        label="Content"
        value={kind}
        options={CONTENT_KINDS}
        optionLabel={(choice) => CONTENT_LABELS[choice]}
        onChange={setKind}
      />
      {list && list.rows.length === 0 && <p className="muted">No data for this period.</p>}
      {list && list.rows.length > 0 && <ContentTable list={list} />}
    </section>
  );
}
