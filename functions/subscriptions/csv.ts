// The author's list as CSV (docs/product.md, Following by email): reading the addresses they
// already have, and writing every subscription out. The browser builds of csv-parse and
// csv-stringify: they import no Node module, so they run in the Worker too.
import { CsvError, parse } from 'csv-parse/browser/esm/sync';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { AppError } from '#core/errors.ts';
import { printable } from '#core/zod-messages.ts';
import { checkEmailAddress } from '#lib/email-address.ts';
import type { SubscriberListRow } from './admin-store.ts';

/** The most addresses one import takes: a large author's list, read and written in one request. */
export const IMPORT_MAX_LINES = 10_000;
/** How much of a refused value the answer shows. */
const VALUE_SHOWN = 80;

export interface InvalidLine {
  line: number;
  value: string;
  error: string;
}

export interface AddressList {
  /** Valid addresses in their stored form, each once. */
  emails: string[];
  /** Valid lines whose address came earlier in the file. */
  repeated: number;
  invalid: InvalidLine[];
}

/**
 * The column that holds the addresses: a first row with no address in it is a header, and then
 * the column it names email (as mailing-list exports do), else the first column.
 */
function addressColumn(header: string[]): number {
  const named = header.findIndex((name) => /e-?mail/i.test(name));
  return Math.max(named, 0);
}

function readRecords(csv: string): { record: string[]; info: { lines: number } }[] {
  try {
    // With `info`, each record comes with where it ends (the parser's types do not follow the option).
    const records: unknown = parse(csv, {
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      delimiter: [',', ';', '\t'],
      record_delimiter: ['\r\n', '\n', '\r'],
    });
    return records as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) throw new AppError(400, `The CSV file could not be read: ${error.message}`);
    throw error;
  }
}

/** The addresses of an uploaded list, with the lines that hold none (by line number, as a spreadsheet shows them). */
export function readAddressList(csv: string): AddressList {
  const records = readRecords(csv);
  const hasHeader = records.length > 0 && !records[0]!.record.some((cell) => cell.includes('@'));
  const column = hasHeader ? addressColumn(records[0]!.record) : 0;
  const rows = hasHeader ? records.slice(1) : records;
  if (rows.length > IMPORT_MAX_LINES) {
    throw new AppError(
      400,
      `A list holds at most ${IMPORT_MAX_LINES.toLocaleString('en')} addresses; split the file and import each part.`,
    );
  }
  const emails = new Set<string>();
  const list: AddressList = { emails: [], repeated: 0, invalid: [] };
  for (const { record, info } of rows) {
    const value = record[column] ?? '';
    const checked = checkEmailAddress(value);
    if (!checked.ok) list.invalid.push({ line: info.lines, value: printable(value, VALUE_SHOWN), error: checked.error });
    else if (emails.has(checked.email)) list.repeated++;
    else emails.add(checked.email);
  }
  list.emails = [...emails];
  return list;
}

export const EXPORT_COLUMNS = ['email', 'story_slug', 'status', 'created_at', 'confirmed_at'] as const;

/**
 * Every subscription as CSV. A cell that starts like a formula (=, +, -, @) gets a leading
 * apostrophe, so a spreadsheet shows an address such as `=cmd@example.com` instead of running it.
 */
export function subscribersCsv(rows: SubscriberListRow[]): string {
  return stringify(
    rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), confirmed_at: row.confirmed_at?.toISOString() ?? '' })),
    { header: true, columns: [...EXPORT_COLUMNS], escape_formulas: true, record_delimiter: '\r\n' },
  );
}
