/**
 * Other forms of an answer that the vendor's published schema still accepts, found by walking the
 * answer with its schema: optional properties left out (never a non-empty list, which would say
 * the list is empty, nor one whose description says when it is present): empty values (false, 0,
 * "", [], {}: protobuf-style), identifiers, values the platform computes, and values the client
 * wrote (not varied unless asked for), undeclared properties added to open
 * objects (nested ones included), unordered arrays shuffled, date-times at another offset, whole
 * numbers written `11.0`, and documented optional properties the answer lacks, generated from
 * the schema as values the platform would have taken when written (what it answers, a full
 * replacement sends back: test/emulator/read-back.test.ts). Every form is checked against the
 * published schema; one that breaks it is never produced. The emulator varies its answers with
 * {@link varyAnswer}; tests enumerate every single change with {@link answerMutants}.
 */
import { vendorOperations } from "./operations";
import { type PublishedAnswer, publishedAnswer } from "./published-answer";
import { vendorRequestSchema } from "./vendor-contract";
import type { JsonSchema } from "./vendor-documents";

/** The kinds of change, by family. `smallerPages` is the emulator's: it changes the page asked for. */
export const VARIATION_FAMILIES = [
  "omitEmpty",
  "omitComputed",
  "omitIds",
  "omitOptional",
  "undeclaredProperties",
  "shuffleUnordered",
  "dateTimeForms",
  "numberForms",
  "undocumentedFields",
  "smallerPages",
] as const;

/** A family of changes. */
export type VariationFamily = (typeof VARIATION_FAMILIES)[number];

/**
 * The families varied unless a setting names others: all but `omitOptional`, which leaves out a
 * value the client wrote (a name, an address) and so says something else about the object.
 */
export const DEFAULT_VARIATION_FAMILIES: readonly VariationFamily[] = VARIATION_FAMILIES.filter(
  (family) => family !== "omitOptional",
);

/** A path inside an answer. */
export type AnswerPath = (string | number)[];

/** One change of an answer at one place. */
export interface AnswerChange {
  family: VariationFamily;
  path: AnswerPath;
  /** `omitOptional at postalAddress.regionCode`. */
  label: string;
}

/** An answer with exactly one change, valid under the published schema. */
export interface AnswerMutant extends AnswerChange {
  body: unknown;
  /** The body as sent (`numberForms` shows only here). */
  text: string;
}

/** A varied answer. */
export interface VariedAnswer {
  text: string;
  applied: AnswerChange[];
  /** Changes drawn that the published schema refused, so not applied. */
  refused: number;
}

/** The name of the property {@link VariationFamily} `undeclaredProperties` adds. */
export const UNDECLARED_PROPERTY = "variationExtra";

/**
 * A property whose description says when it is present ("Present for CLIENT_CREDENTIALS credential
 * type") is never left out: its presence carries meaning (docs/api-decisions.md).
 */
const PRESENCE_WORDS = /\bpresent\b/i;
/**
 * Optional properties of the vendor's schemas whose presence the platform's own description states
 * (docs/api-decisions.md, "What an answer may leave out"), by schema title: never left out.
 */
const PRESENT_BY_SPEC: Readonly<Record<string, readonly string[]>> = {
  // "clientId and clientSecret, or scimToken for SCIM_TOKEN; returned once".
  CreateApiUsersResponse: ["clientId"],
  // "each shows clientId only".
  ApiUsersInfo: ["clientId"],
  // "New clientSecret (returned once)" (POST /v2/api-users/rotate).
  RotateClientSecretResponse: ["clientSecret"],
};
/**
 * The names of identifiers: `id`, `kid`, and names ending in `Id` (`clientId`, `optionGroupId`),
 * but `externalId`, the client's own label of an object (left out, it says the label is unset).
 */
const ID_NAME = /^(id|kid)$|^(?!externalId$).*[a-z]Id$/;
/**
 * An array keeps its order when its description says order matters: it speaks of order, lines or
 * priority, or of what is shown in order (bullet points, dropdown options).
 */
const ORDER_WORDS = /\b(first|order|ordered|sorted|sequence|priority|rank|lines?|bullet|dropdown)\b/i;

/**
 * Whether a vendor description gives an array's order a meaning (it speaks of order, lines or
 * priority, or of bullet points or dropdown options, which are shown in order). Every other array may come in any order: the emulator shuffles it, and the readers
 * (the generated schemas included) compare it as a set.
 */
export function speaksOfOrder(description: string): boolean {
  return ORDER_WORDS.test(description);
}
/** How deep a generated value goes. */
const SAMPLE_DEPTH = 4;

type Json = unknown;
type Obj = Record<string, Json>;

/** Where a change applies and how; `decimals` holds the pointers of numbers written `N.0`. */
interface Candidate extends AnswerChange {
  apply(root: Json, decimals: Set<string>): Json;
}

/**
 * Every one-change form of `body`, the answer `status` to `method` on `path`, that the published
 * schema accepts (changes it refuses are counted in `refused`). Empty when the vendor documents
 * no body for that answer.
 */
export function answerMutants(
  method: string,
  path: string,
  status: number,
  body: unknown,
  families: readonly VariationFamily[] = VARIATION_FAMILIES,
): { mutants: AnswerMutant[]; refused: number } {
  const answer = publishedAnswer(method, path, status);
  if (!answer) return { mutants: [], refused: 0 };
  const mutants: AnswerMutant[] = [];
  let refused = 0;
  for (const candidate of candidates(answer, body, families)) {
    const decimals = new Set<string>();
    const changed = candidate.apply(structuredClone(body), decimals);
    if (answer.issues(changed).length > 0) {
      refused++;
      continue;
    }
    const { family, path: place, label: named } = candidate;
    mutants.push({ family, path: place, label: named, body: changed, text: serialize(changed, decimals) });
  }
  return { mutants, refused };
}

/**
 * `body` with each change of `families` drawn with probability `rate` from `random`, deepest
 * first; a change after which the answer breaks the published schema is taken back. Undefined
 * when the vendor documents no body for that answer.
 */
export function varyAnswer(
  method: string,
  path: string,
  status: number,
  body: unknown,
  random: () => number,
  families: readonly VariationFamily[] = DEFAULT_VARIATION_FAMILIES,
  rate = 0.5,
): VariedAnswer | undefined {
  const answer = publishedAnswer(method, path, status);
  if (!answer || answer.issues(body).length > 0) return undefined;
  const drawn = candidates(answer, body, families)
    .filter(() => random() < rate)
    .sort((a, b) => b.path.length - a.path.length);
  let current = structuredClone(body);
  const decimals = new Set<string>();
  const applied: AnswerChange[] = [];
  let refused = 0;
  for (const candidate of drawn) {
    const before = structuredClone(current);
    current = candidate.apply(current, decimals);
    if (candidate.family !== "numberForms" && answer.issues(current).length > 0) {
      current = before;
      refused++;
      continue;
    }
    applied.push({ family: candidate.family, path: candidate.path, label: candidate.label });
  }
  return { text: serialize(current, decimals, shuffler(random)), applied, refused };
}

/** Every change of `families` that `body` offers, each at its place. */
function candidates(answer: PublishedAnswer, body: Json, families: readonly VariationFamily[]): Candidate[] {
  const defs = (answer.schema.$defs ?? {}) as Record<string, JsonSchema>;
  const found: Candidate[] = [];
  const wanted = new Set(families);
  const add = (family: VariationFamily, path: AnswerPath, apply: Candidate["apply"]) => {
    if (wanted.has(family)) found.push({ family, path, label: `${family} at ${label(path)}`, apply });
  };
  const walk = (schema: JsonSchema, value: Json, path: AnswerPath, described: string): void => {
    const node = effective(schema, value, defs);
    if (Array.isArray(value)) {
      const items = (node.items ?? {}) as JsonSchema;
      value.forEach((item, i) => walk(items, item, [...path, i], ""));
      const description = `${described} ${textOf(node.description)}`;
      if (value.length >= 2 && !speaksOfOrder(description))
        add("shuffleUnordered", path, (root) =>
          edit(root, path, (array) => [...(array as Json[])].reverse()),
        );
      return;
    }
    if (isObject(value)) {
      const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
      const required = (node.required ?? []) as string[];
      for (const [key, item] of Object.entries(value)) {
        const property = properties[key];
        if (!property) continue;
        walk(property, item, [...path, key], textOf(property.description));
        // A non-empty list left out would say the list is empty: another answer, not another form.
        const list = Array.isArray(item) && item.length > 0;
        const meaningful =
          PRESENCE_WORDS.test(textOf(property.description)) ||
          (PRESENT_BY_SPEC[textOf(node.title)] ?? []).includes(key);
        if (!required.includes(key) && !list && !meaningful)
          add(omission(key, item), [...path, key], (root) => remove(root, [...path, key]));
      }
      if (!(UNDECLARED_PROPERTY in properties) && !(UNDECLARED_PROPERTY in value))
        add("undeclaredProperties", [...path, UNDECLARED_PROPERTY], (root) =>
          put(root, [...path, UNDECLARED_PROPERTY], { note: "not in the vendor's schema", nested: { n: 1 } }),
        );
      for (const [key, property] of Object.entries(properties)) {
        if (key in value) continue;
        const sample = sampleOf(property, defs, 0, key);
        if (sample !== undefined)
          add("undocumentedFields", [...path, key], (root) =>
            put(root, [...path, key], structuredClone(sample)),
          );
      }
      return;
    }
    if (typeof value === "string" && node.format === "date-time" && !Number.isNaN(Date.parse(value)))
      add("dateTimeForms", path, (root) => edit(root, path, () => atOtherOffset(value)));
    if (typeof value === "number" && Number.isInteger(value) && Math.abs(value) < 1e15)
      add("numberForms", path, (root, decimals) => {
        decimals.add(pointer(path));
        return root;
      });
  };
  walk(answer.schema, body, [], "");
  return found;
}

/**
 * A schema node as it applies to `value`: references followed, `allOf` merged, and of `oneOf` or
 * `anyOf` the alternative that fits `value` best (its constants hold, most of its properties set).
 */
function effective(schema: JsonSchema, value: Json, defs: Record<string, JsonSchema>): JsonSchema {
  let node = schema;
  for (let guard = 0; typeof node.$ref === "string" && guard < 32; guard++) {
    const { $ref, ...rest } = node;
    node = { ...(defs[String($ref).slice("#/$defs/".length)] ?? {}), ...rest };
  }
  const { allOf, oneOf, anyOf, ...own } = node;
  const parts = [...((allOf ?? []) as JsonSchema[]).map((part) => effective(part, value, defs)), own];
  const alternatives = ((oneOf ?? anyOf ?? []) as JsonSchema[]).map((part) => effective(part, value, defs));
  const best = alternatives
    .map((alternative) => ({ alternative, score: fit(alternative, value) }))
    .sort((a, b) => b.score - a.score)[0];
  if (best) parts.push(best.alternative);
  return parts.reduce(merge, {});
}

function fit(alternative: JsonSchema, value: Json): number {
  if (!isObject(value)) return 0;
  const properties = (alternative.properties ?? {}) as Record<string, JsonSchema>;
  let score = 0;
  for (const [key, property] of Object.entries(properties)) {
    if (!(key in value)) continue;
    if ("const" in property && property.const !== value[key]) return -1;
    score++;
  }
  return score;
}

function merge(a: JsonSchema, b: JsonSchema): JsonSchema {
  const properties = { ...((a.properties ?? {}) as JsonSchema), ...((b.properties ?? {}) as JsonSchema) };
  const required = [...new Set([...((a.required ?? []) as string[]), ...((b.required ?? []) as string[])])];
  return { ...a, ...b, properties, required };
}

/**
 * A valid value of `schema` (required properties only), or undefined past the sample depth; one
 * the platform would have taken when written, as far as the documents tell: a documented example
 * (of a string, or of a whole array of strings), a format's sample, and an e-mail address for a
 * property whose name says so (`registeredEmail`).
 */
function sampleOf(schema: JsonSchema, defs: Record<string, JsonSchema>, depth: number, name = ""): Json {
  if (depth > SAMPLE_DEPTH) return undefined;
  const node = effective(schema, undefined, defs);
  if ("const" in node) return node.const;
  if (Array.isArray(node.enum)) return node.enum[0];
  const types: unknown[] = Array.isArray(node.type) ? node.type : [node.type];
  const type = types.find((t) => t !== "null" && t !== undefined);
  switch (type ?? (node.items ? "array" : node.properties ? "object" : undefined)) {
    case "string":
      return stringSample(node, name);
    case "integer":
    case "number":
      return typeof node.minimum === "number"
        ? node.minimum
        : typeof node.example === "number"
          ? node.example
          : 1;
    case "boolean":
      return true;
    case "array": {
      const example = node.example;
      if (Array.isArray(example) && example.length > 0 && example.every((item) => typeof item === "string"))
        return [...example];
      const item = sampleOf((node.items ?? {}) as JsonSchema, defs, depth + 1, name);
      return item === undefined ? [] : [item];
    }
    case "object": {
      const out: Obj = {};
      const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
      for (const key of (node.required ?? []) as string[]) {
        const property = properties[key];
        const sample = property ? sampleOf(property, defs, depth + 1, key) : undefined;
        if (sample === undefined) return undefined;
        out[key] = sample;
      }
      return out;
    }
    default:
      return undefined;
  }
}

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: "4974a66b-7493-4f41-908c-58ba81093947",
  email: "variation@example.com",
  date: "2026-11-23",
  "date-time": "2026-11-23T19:58:10Z",
  byte: "dmFyaWF0aW9u",
  uri: "https://example.com/variation",
};

function stringSample(node: JsonSchema, name: string): string {
  const format = typeof node.format === "string" ? FORMAT_SAMPLES[node.format] : undefined;
  if (format !== undefined) return format;
  if (typeof node.example === "string") return node.example;
  if (/email/i.test(name) && !/domain/i.test(name)) return FORMAT_SAMPLES.email as string;
  const minimum = typeof node.minLength === "number" ? node.minLength : 0;
  return "variation".padEnd(minimum, "x");
}

/** The same instant at another offset (+05:30), with milliseconds. */
function atOtherOffset(text: string): string {
  const shifted = new Date(Date.parse(text) + 330 * 60_000).toISOString();
  return `${shifted.slice(0, 23)}+05:30`;
}

/** JSON text of `value`, the numbers at `decimals` written `N.0`, keys in the order `order` gives. */
function serialize(value: Json, decimals: Set<string>, order?: (keys: string[]) => string[]): string {
  const write = (node: Json, path: AnswerPath): string => {
    if (Array.isArray(node)) return `[${node.map((item, i) => write(item, [...path, i])).join(",")}]`;
    if (isObject(node)) {
      const keys = Object.keys(node).filter((key) => node[key] !== undefined);
      return `{${(order ? order(keys) : keys).map((key) => `${JSON.stringify(key)}:${write(node[key], [...path, key])}`).join(",")}}`;
    }
    if (typeof node === "number" && Number.isInteger(node) && decimals.has(pointer(path))) return `${node}.0`;
    return JSON.stringify(node) ?? "null";
  };
  return write(value, []);
}

/** A key order drawn from `random` (object members have no order in JSON). */
function shuffler(random: () => number): (keys: string[]) => string[] {
  return (keys) => {
    const out = [...keys];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j] as string, out[i] as string];
    }
    return out;
  };
}

function pointer(path: AnswerPath): string {
  return path.map((segment) => `/${String(segment)}`).join("");
}

/** A path as people write it: `postalAddress.addressLines[0]`, `(body)` for the root. */
export function label(path: AnswerPath): string {
  if (path.length === 0) return "(body)";
  return path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? key : `.${key}`)).join("");
}

function parentOf(root: Json, path: AnswerPath): Obj | Json[] | undefined {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Obj)[key as string];
  }
  return typeof node === "object" && node !== null ? (node as Obj) : undefined;
}

function edit(root: Json, path: AnswerPath, change: (value: Json) => Json): Json {
  if (path.length === 0) return change(root);
  const parent = parentOf(root, path) as Obj | undefined;
  const key = path.at(-1) as string;
  if (parent && key in parent) parent[key] = change(parent[key]);
  return root;
}

function put(root: Json, path: AnswerPath, value: Json): Json {
  const parent = parentOf(root, path) as Obj | undefined;
  if (parent && !Array.isArray(parent)) parent[path.at(-1) as string] = value;
  return root;
}

function remove(root: Json, path: AnswerPath): Json {
  const parent = parentOf(root, path) as Obj | undefined;
  if (parent && !Array.isArray(parent)) delete parent[path.at(-1) as string];
  return root;
}

/**
 * Which omission leaving out `key` (holding `value`) is: of an empty value; of an identifier
 * (`id`, `kid`, `…Id`); of a value the platform computes (no request body of the vendor's
 * documents has a property of that name); or of one the client wrote.
 */
function omission(key: string, value: Json): VariationFamily {
  if (isEmpty(value)) return "omitEmpty";
  if (ID_NAME.test(key)) return "omitIds";
  return writtenNames().has(key) ? "omitOptional" : "omitComputed";
}

/** The names of every property of every documented request body, at any depth. */
function writtenNames(): ReadonlySet<string> {
  if (written) return written;
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (isObject(node.properties)) for (const name of Object.keys(node.properties)) names.add(name);
    Object.values(node).forEach(visit);
  };
  for (const operation of vendorOperations())
    if (operation.request) visit(vendorRequestSchema(operation.method, operation.pathTemplate));
  written = names;
  return names;
}

let written: ReadonlySet<string> | undefined;

/** What protobuf-style APIs leave out: false, 0, "", an empty list or object, null. */
function isEmpty(value: Json): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.keys(value).length === 0;
  return value === false || value === 0 || value === "" || value === null;
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function isObject(value: Json): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
