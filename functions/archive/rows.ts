// Rows in and out of the database as Postgres JSON text, never as JS values: a JS Date drops the
// microseconds of a timestamptz and a JS number the digits of a large bigint, and the import must
// make the site identical. Reads use json_agg, writes json_populate_recordset.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { type ArchivedTable, EMPTIED_ON_IMPORT } from './tables.ts';

type Db = Kysely<Database>;

/** The columns the database does not compute itself (generated columns are left to it), in table order. */
export async function writableColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  return rows.map((row) => row.column_name);
}

/** Every row of the table as one JSON array text, ordered by primary key. */
export async function rowsAsJson(db: Db, table: ArchivedTable, columns: readonly string[]): Promise<string> {
  const blanked = new Set(table.blanked ?? []);
  const selected = sql.join(columns.map((c) => (blanked.has(c) ? sql`null as ${sql.ref(c)}` : sql.ref(c))));
  const order = sql.join(table.key.map((k) => sql.ref(`r.${k}`)));
  const { rows } = await sql<{ rows: string }>`
    select coalesce(json_agg(r order by ${order}), '[]')::text as rows
    from (select ${selected} from ${sql.table(table.name)}) r`.execute(db);
  return rows[0]!.rows;
}

/** Writes the rows of a JSON array text as they are, ids included. */
export async function insertRowsFromJson(db: Db, table: ArchivedTable, columns: readonly string[], json: string): Promise<void> {
  const values = columns.map((c) => {
    if (table.linkedLater?.includes(c)) return sql`null`;
    const expression = table.importedAs?.[c];
    return expression ? sql`${sql.raw(expression)}` : sql.ref(`r.${c}`);
  });
  // "overriding system value": ids of identity columns come from the archive too.
  await sql`
    insert into ${sql.table(table.name)} (${sql.join(columns.map((c) => sql.ref(c)))}) overriding system value
    select ${sql.join(values)} from json_populate_recordset(null::${sql.table(table.name)}, ${json}::json) r`.execute(db);
}

/** Writes the table's linkedLater columns from the same JSON text, once the rows they refer to are in. */
export async function linkRowsFromJson(db: Db, table: ArchivedTable, json: string): Promise<void> {
  const columns = table.linkedLater ?? [];
  if (columns.length === 0) return;
  const sameRow = sql.join(
    table.key.map((k) => sql`${sql.table(table.name)}.${sql.ref(k)} = r.${sql.ref(k)}`),
    sql` and `,
  );
  await sql`
    update ${sql.table(table.name)} set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = r.${sql.ref(c)}`))}
    from json_populate_recordset(null::${sql.table(table.name)}, ${json}::json) r where ${sameRow}`.execute(db);
}

/** Sets each id sequence past the highest id now in its tables, so new rows never collide. */
export async function advanceSequences(db: Db, tables: readonly ArchivedTable[]): Promise<void> {
  const groups = new Map<string, ArchivedTable[]>();
  for (const table of tables) {
    if (!table.sequence) continue;
    const name = table.sequence === 'own' ? `own:${table.name}` : table.sequence;
    groups.set(name, [...(groups.get(name) ?? []), table]);
  }
  for (const [name, members] of groups) {
    const sequence = name.startsWith('own:') ? sql`pg_get_serial_sequence(${members[0]!.name}, 'id')` : sql`${name}`;
    const highest = sql.join(members.map((t) => sql`(select coalesce(max(id), 0) from ${sql.table(t.name)})`));
    const anyRows = sql.join(
      members.map((t) => sql`exists (select 1 from ${sql.table(t.name)})`),
      sql` or `,
    );
    // setval(…, 1, false) when empty: the next id is 1 again.
    await sql`select setval(${sequence}, greatest(${highest}, 1), ${anyRows})`.execute(db);
  }
}

/**
 * Empties the tables, and the state that points at them (EMPTIED_ON_IMPORT), in one statement (no
 * cascade: another table outside the list that refers to them is a bug to surface).
 */
export async function emptyTables(db: Db, tables: readonly ArchivedTable[]): Promise<void> {
  if (tables.length === 0) return;
  const names = [...tables.map((t) => t.name), ...EMPTIED_ON_IMPORT];
  await sql`truncate ${sql.join(names.map((name) => sql.table(name)))}`.execute(db);
}
