/** Ajv's errors as {@link ContractIssue}s: the JSON path inside the checked value and a reason. */
import type { ErrorObject } from "ajv";

/** One way a value breaks a vendor schema. */
export interface ContractIssue {
  /** Where, inside the checked value: `["address", "addressLines", 0]`; `[]` for the value itself. */
  path: (string | number)[];
  /** Why, for a person: `is required`, `must be one of: ORG, TMC`, `must be a uuid`, ... */
  message: string;
}

const MAX_LISTED_VALUES = 12;

const FORMAT_REASONS: Record<string, string> = {
  uuid: "must be a uuid such as 4974a66b-7493-4f41-908c-58ba81093947",
  email: "must be an email address",
  date: "must be a date such as 2026-11-23",
  "date-time": "must be a date-time such as 2026-11-23T19:58:10Z",
  int32: "must be a 32-bit integer",
  int64: "must be a 64-bit integer",
  byte: "must be base64",
};

/** Converts Ajv errors (verbose mode) to issues: one per path and reason, in Ajv's order. */
export function issuesFromErrors(errors: readonly ErrorObject[] | null | undefined): ContractIssue[] {
  const issues: ContractIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    // A failed alternative already produced the issues that explain it.
    if (error.keyword === "oneOf" && error.params.passingSchemas === null && hasDeeper(errors ?? [], error))
      continue;
    const issue = issueOf(error);
    const key = JSON.stringify(issue);
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

/** An issue's path as people write it: `address.addressLines[0]`, or `body` for the root. */
export function formatIssuePath(path: readonly (string | number)[], root = "body"): string {
  if (path.length === 0) return root;
  return path
    .map((segment, i) => (typeof segment === "number" ? `[${segment}]` : i === 0 ? segment : `.${segment}`))
    .join("");
}

function issueOf(error: ErrorObject): ContractIssue {
  const path = pointerToPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { path: [...path, String(params.missingProperty)], message: "is required" };
    case "unevaluatedProperties":
    case "additionalProperties": {
      const property = String(params.unevaluatedProperty ?? params.additionalProperty);
      return { path: [...path, property], message: undeclaredReason(property, error.parentSchema) };
    }
    case "type":
      return { path, message: `must be ${article(String(params.type))}` };
    case "enum":
      return { path, message: `must be one of: ${listed(params.allowedValues as unknown[])}` };
    case "const":
      return { path, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case "format":
      return {
        path,
        message: FORMAT_REASONS[String(params.format)] ?? `must be a valid ${String(params.format)}`,
      };
    case "oneOf":
      return { path, message: "must match exactly one of the alternatives the vendor documents" };
    case "minItems":
      return {
        path,
        message: `must have at least ${String(params.limit)} item${params.limit === 1 ? "" : "s"}`,
      };
    case "maxItems":
      return { path, message: `must have at most ${String(params.limit)} items` };
    case "minLength":
      return { path, message: `must be at least ${String(params.limit)} characters long` };
    case "maxLength":
      return { path, message: `must be at most ${String(params.limit)} characters long` };
    case "minimum":
    case "maximum":
      return {
        path,
        message: `must be ${error.keyword === "minimum" ? "at least" : "at most"} ${String(params.limit)}`,
      };
    case "pattern":
      return { path, message: `must match the pattern ${String(params.pattern)}` };
    case "uniqueItems":
      return {
        path,
        message: `must not repeat an item (items ${String(params.j)} and ${String(params.i)} are equal)`,
      };
    default:
      return { path, message: error.message ?? `breaks the vendor's ${error.keyword} rule` };
  }
}

function undeclaredReason(property: string, parentSchema: unknown): string {
  const schema = (parentSchema ?? {}) as { title?: unknown; properties?: Record<string, unknown> };
  const where = typeof schema.title === "string" ? ` ${schema.title}` : "";
  const declared = Object.keys(schema.properties ?? {});
  const near = declared.find(
    (candidate) => editDistance(candidate.toLowerCase(), property.toLowerCase()) <= 2,
  );
  const hint = near !== undefined ? `; did you mean ${near}?` : "";
  return `is not a property of the vendor's${where} schema${hint}`;
}

function hasDeeper(errors: readonly ErrorObject[], error: ErrorObject): boolean {
  return errors.some(
    (other) =>
      other !== error &&
      other.schemaPath.startsWith(`${error.schemaPath}/`) &&
      other.instancePath.startsWith(error.instancePath),
  );
}

function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => {
      const text = segment.replace(/~1/g, "/").replace(/~0/g, "~");
      return /^(0|[1-9]\d*)$/.test(text) ? Number(text) : text;
    });
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function listed(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED_VALUES).map((value) => String(value));
  const more = values.length - shown.length;
  return more > 0 ? `${shown.join(", ")} (and ${more} more)` : shown.join(", ");
}

/** Levenshtein distance, for "did you mean" on a misspelt property. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
