// Pieces the Subscribers screen's tables and summaries share.

/** A row of stat tiles: a label over a number. */
export function CountTiles({ tiles }: { tiles: readonly (readonly [string, number])[] }) {
  return (
    <dl className="stat-tiles">
      {tiles.map(([label, value]) => (
        <div key={label} className="card stat-tile">
          <dt>{label}</dt>
          <dd className="stat-tile-value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A table's column headings; `actions` adds a last column for the row's buttons, named for screen readers only. */
export function TableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
