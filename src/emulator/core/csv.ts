/**
 * A small RFC 4180 CSV reader: comma separated, fields optionally in double quotes (`""` is a
 * quote inside one, and quoted fields may span lines), CRLF or LF line ends, an optional UTF-8
 * byte order mark. Blank lines are skipped. Every row keeps the line number it starts on.
 */

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

/** Parses `text` into rows (the header is the first row); throws {@link CsvSyntaxError}. */
export function parseCsv(text: string): CsvRow[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let line = 1;
  let rowLine = 1;
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let afterQuote = false;
  let started = false;

  const endCell = () => {
    cells.push(cell);
    cell = "";
    afterQuote = false;
  };
  const endRow = () => {
    endCell();
    const blank = cells.length === 1 && cells[0] === "" && !started;
    if (!blank) rows.push({ line: rowLine, cells });
    cells = [];
    started = false;
  };

  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === "\n") line += 1;
        cell += char;
      }
      continue;
    }
    if (char === ",") {
      endCell();
      started = true;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else if (afterQuote) {
      throw new CsvSyntaxError(line, `unexpected ${JSON.stringify(char)} after a closing quote`);
    } else if (char === '"') {
      if (cell !== "")
        throw new CsvSyntaxError(line, "a quote inside an unquoted field; quote the whole field");
      quoted = true;
      started = true;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(rowLine, "a quoted field is not closed");
  if (cell !== "" || cells.length > 0 || started) endRow();
  return rows;
}
