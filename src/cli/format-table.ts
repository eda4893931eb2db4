/** Plain-text tables and field lists for human-readable command output. */

/** A column: its header and whether values align right (numbers). */
export interface Column {
  header: string;
  align?: "left" | "right";
}

function pad(text: string, width: number, align: Column["align"]): string {
  return align === "right" ? text.padStart(width) : text.padEnd(width);
}

/** Renders rows under headers with aligned columns, two spaces apart; no trailing spaces. */
export function formatTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...rows.map((row) => (row[index] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    columns
      .map((column, index) => pad(cells[index] ?? "", widths[index] ?? 0, column.align))
      .join("  ")
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...rows.map(line)].join("\n");
}

/** Renders `label  value` lines with aligned values; entries with an undefined value are left out. */
export function formatFields(fields: readonly (readonly [string, string | undefined])[]): string {
  const shown = fields.filter((field): field is readonly [string, string] => field[1] !== undefined);
  const width = Math.max(0, ...shown.map(([label]) => label.length));
  return shown.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join("\n");
}
