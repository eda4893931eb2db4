/**
 * The emulator's CSV reader, on csv-parse: RFC 4180 (comma separated, fields optionally in double
 * quotes, `""` a quote inside one, quoted fields across lines), CRLF or LF line ends, an optional
 * UTF-8 byte order mark, blank lines skipped, and rows of any length (the routes check the
 * columns and name the row). Every row keeps the line number it starts on.
 */
import { CsvError, parse } from "csv-parse/sync";

/** One record of a CSV text. */
export interface CsvRow {
  /** 1-based line number where the record starts. */
  line: number;
  cells: string[];
}

/** A CSV syntax error at `line`. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "CsvSyntaxError";
  }
}

/** Our reason for each syntax error csv-parse names by code; others keep csv-parse's message. */
const REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted field is not closed",
  INVALID_OPENING_QUOTE: "a quote inside an unquoted field; quote the whole field",
  CSV_INVALID_CLOSING_QUOTE: "text after a closing quote; a quoted field ends at its quote",
};

/** Line ends inside the cells of a record (quoted fields across lines). */
const lineEndsIn = (cells: readonly string[]) =>
  cells.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);

/** Parses `text` into rows (the header is the first row); throws {@link CsvSyntaxError}. */
export function parseCsv(text: string): CsvRow[] {
  try {
    const records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as { record: string[]; info: { lines: number } }[];
    // csv-parse counts the line a record ends on; a record starts that many line ends earlier.
    return records.map(({ record, info }) => ({ line: info.lines - lineEndsIn(record), cells: record }));
  } catch (error) {
    if (error instanceof CsvError) {
      const { lines } = error as CsvError & { lines?: number };
      throw new CsvSyntaxError(lines ?? 1, REASONS[error.code] ?? error.message);
    }
    throw error;
  }
}
