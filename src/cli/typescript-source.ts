/**
 * TypeScript source text for values: identifiers made from resource names (readable, valid, never
 * a reserved word, unique within a program), string literals that survive any text (quotes,
 * newlines, line separators, any Unicode), and object and array literals laid out in lines of at
 * most {@link LINE_WIDTH} characters where they fit. Pure: used by the program writer of
 * `export --format typescript`.
 */

/** The width a literal is laid out in, when it fits on one line. */
export const LINE_WIDTH = 100;

/** Words a variable may not be named: reserved words, strict-mode and TypeScript's own. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if import in instanceof new null return super switch this throw true try " +
    "typeof var void while with implements interface let package private protected public static " +
    "yield await async of any boolean constructor declare get module require number set string symbol " +
    "type from arguments eval undefined NaN Infinity globalThis"
  ).split(" "),
);

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** True when `text` can be written as a variable name. */
export function isIdentifier(text: string): boolean {
  return IDENTIFIER.test(text) && !RESERVED.has(text);
}

/**
 * `text` in camel case, from its words (runs of letters and digits): `cost-center-3` →
 * `costCenter3`, `Acme US Inc.` → `acmeUsInc`, `café-paris` → `caféParis`. Empty when `text`
 * has no letter or digit.
 */
export function camelCase(text: string): string {
  const words = text.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .map((word, index) => {
      const lower = word === word.toUpperCase() ? word.toLowerCase() : word;
      const first = lower.charAt(0);
      return (index === 0 ? first.toLowerCase() : first.toUpperCase()) + lower.slice(1);
    })
    .join("");
}

/**
 * A variable name for `name` not in `taken` (which it is added to): its camel case; when that is
 * empty, starts with a digit, is reserved or taken, prefixed with `qualifier` (such as the type,
 * `department` for `2026` → `department2026`); still taken, numbered (`sales2`).
 */
export function uniqueIdentifier(name: string, qualifier: string, taken: Set<string>): string {
  const plain = camelCase(name);
  const qualified = camelCase(`${qualifier} ${name}`);
  const base = [plain, qualified].find((candidate) => isIdentifier(candidate) && !taken.has(candidate));
  let chosen = base ?? (isIdentifier(qualified) ? qualified : `_${qualified}`);
  for (let n = 2; base === undefined && taken.has(chosen); n++) chosen = `${qualified}${n}`;
  taken.add(chosen);
  return chosen;
}

/** A double-quoted string literal for any text (line and paragraph separators escaped too). */
export function stringLiteral(text: string): string {
  return JSON.stringify(text).replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029");
}

/** An object literal's key: bare when it is an identifier name, else quoted. */
export function propertyKey(key: string): string {
  return IDENTIFIER.test(key) ? key : stringLiteral(key);
}

/** Source for values the JSON layout does not know (references); undefined for plain values. */
export type Expression = (value: unknown) => string | undefined;

/**
 * `value` as a TypeScript literal on a line indented by `indent` spaces that holds `lead` other
 * characters before it: JSON values (object keys in their order) and whatever `expression` writes.
 * An object or array goes on one line when that line (with a closing `,` or `;`) stays within
 * {@link LINE_WIDTH}, else one entry per line with trailing commas.
 */
export function literal(value: unknown, expression: Expression, indent = 0, lead = 0): string {
  const written = expression(value);
  if (written !== undefined) return written;
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null) return "null";
  if (typeof value !== "object") throw new Error(`export: cannot write a ${typeof value} as TypeScript`);
  const array = Array.isArray(value);
  const entries = array
    ? value.map((item: unknown) => (inner: number) => literal(item, expression, inner))
    : Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => (inner: number) => {
          const name = `${propertyKey(key)}: `;
          return `${name}${literal(item, expression, inner, name.length)}`;
        });
  const [open, close] = array ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) return `${open}${close}`;
  const flat = entries.map((entry) => entry(0));
  const oneLine = array ? `[${flat.join(", ")}]` : `{ ${flat.join(", ")} }`;
  if (!oneLine.includes("\n") && indent + lead + oneLine.length + 1 <= LINE_WIDTH) return oneLine;
  const pad = " ".repeat(indent + 2);
  return `${open}\n${entries.map((entry) => `${pad}${entry(indent + 2)},\n`).join("")}${" ".repeat(indent)}${close}`;
}
