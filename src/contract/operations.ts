/**
 * The operations the vendor documents, indexed by method and path template, and the lookup of a
 * concrete request path (`/v2/companies/8f…/grades/12`) among them.
 */
import {
  type JsonSchema,
  type OpenApiDocument,
  type VendorDocumentName,
  vendorDocument,
} from "./vendor-documents";

/** A documented request body. */
export interface VendorRequestBody {
  /** The media type the vendor documents (`application/json`, form or multipart). */
  contentType: string;
  required: boolean;
  /** The body's schema as the document writes it (often a `$ref` into the components). */
  schema: JsonSchema;
}

/** A documented answer of an operation. */
export interface VendorResponse {
  description: string;
  /** The documented body's media type and schema; absent when the answer has no body. */
  contentType?: string;
  schema?: JsonSchema;
}

/** A documented query or path parameter. */
export interface VendorParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of a vendor document. */
export interface VendorOperation {
  document: VendorDocumentName;
  /** Upper case: `GET`, `POST`, ... */
  method: string;
  /** The document's path template, such as `/v2/companies/{companyId}/grades/{gradeId}`. */
  pathTemplate: string;
  operationId: string | undefined;
  summary: string | undefined;
  /** Whether the document asks for a bearer token (its `security`, operation or global). */
  requiresToken: boolean;
  request: VendorRequestBody | undefined;
  /** By status code as the document writes it (`"200"`, `"404"`, possibly `"default"`). */
  responses: Readonly<Record<string, VendorResponse>>;
  queryParameters: readonly VendorParameter[];
  /** The parameters of the path template (`{companyId}`), as documented. */
  pathParameters: readonly VendorParameter[];
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

interface IndexedOperation {
  operation: VendorOperation;
  /** Template segments; `undefined` marks a parameter. */
  segments: (string | undefined)[];
  literals: number;
}

let index: IndexedOperation[] | undefined;

/** Every documented operation, both documents, in document order. */
export function vendorOperations(): readonly VendorOperation[] {
  return operationIndex().map((entry) => entry.operation);
}

/**
 * The operation that serves `method` on the concrete request `path` (a query string is ignored),
 * or undefined when the vendor documents nothing there. Literal segments win over parameters, so
 * `POST …/grades/list` is the list operation, not a grade id.
 */
export function vendorOperation(method: string, path: string): VendorOperation | undefined {
  const wanted = method.toUpperCase();
  const parts = splitPath(path.split("?")[0] ?? path);
  let best: IndexedOperation | undefined;
  for (const entry of operationIndex()) {
    if (entry.operation.method !== wanted || entry.segments.length !== parts.length) continue;
    const fits = entry.segments.every((segment, i) =>
      segment === undefined ? (parts[i] ?? "") !== "" : segment === parts[i],
    );
    if (fits && (!best || entry.literals > best.literals)) best = entry;
  }
  return best?.operation;
}

/** The operation documented for `method` on `pathTemplate` exactly (`/v2/companies/{companyId}`). */
export function vendorOperationByTemplate(method: string, pathTemplate: string): VendorOperation | undefined {
  const wanted = method.toUpperCase();
  return operationIndex().find(
    (entry) => entry.operation.method === wanted && entry.operation.pathTemplate === pathTemplate,
  )?.operation;
}

function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.split("/").slice(1);
}

function operationIndex(): IndexedOperation[] {
  if (index) return index;
  const built: IndexedOperation[] = [];
  for (const name of ["company", "auth"] as const) {
    const document = vendorDocument(name);
    for (const [pathTemplate, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const raw = item[method] as RawOperation | undefined;
        if (!raw) continue;
        const operation = readOperation(document, name, method, pathTemplate, raw, item);
        const segments = splitPath(pathTemplate).map((segment) =>
          /^\{[^}]+\}$/.test(segment) ? undefined : segment,
        );
        built.push({ operation, segments, literals: segments.filter((s) => s !== undefined).length });
      }
    }
  }
  index = built;
  return built;
}

interface RawOperation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, RawResponse | { $ref: string }>;
}

interface RawParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface RawResponse {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}

function readOperation(
  document: OpenApiDocument,
  name: VendorDocumentName,
  method: (typeof METHODS)[number],
  pathTemplate: string,
  raw: RawOperation,
  item: Record<string, unknown>,
): VendorOperation {
  const shared = (item.parameters as RawParameter[] | undefined) ?? [];
  const parameters = [...shared, ...(raw.parameters ?? [])];
  const security = raw.security ?? document.security ?? [];
  const [contentType, media] = Object.entries(raw.requestBody?.content ?? {})[0] ?? [];
  const responses: Record<string, VendorResponse> = {};
  for (const [status, answer] of Object.entries(raw.responses ?? {})) {
    responses[status] = readResponse(document, answer);
  }
  return {
    document: name,
    method: method.toUpperCase(),
    pathTemplate,
    operationId: raw.operationId,
    summary: raw.summary,
    requiresToken: security.some((requirement) => Object.keys(requirement).length > 0),
    request:
      contentType !== undefined && media?.schema
        ? { contentType, required: raw.requestBody?.required === true, schema: media.schema }
        : undefined,
    responses,
    queryParameters: documented(parameters, "query"),
    pathParameters: documented(parameters, "path"),
  };
}

/** The parameters of `parameters` that sit `where`, with a documented schema. */
function documented(parameters: readonly RawParameter[], where: "query" | "path"): VendorParameter[] {
  return parameters
    .filter((parameter) => parameter.in === where && parameter.schema !== undefined)
    .map((parameter) => ({
      name: parameter.name,
      required: parameter.required === true,
      schema: parameter.schema as JsonSchema,
    }));
}

/**
 * The values of the path parameters of `operation` in the concrete `path` (percent-decoded), by
 * name: `{ companyId: "8f…" }` for `/v2/companies/8f…/grades`.
 */
export function pathParameterValues(operation: VendorOperation, path: string): Record<string, string> {
  const parts = splitPath(path.split("?")[0] ?? path);
  const values: Record<string, string> = {};
  splitPath(operation.pathTemplate).forEach((segment, i) => {
    const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
    if (name !== undefined) values[name] = decoded(parts[i] ?? "");
  });
  return values;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Not valid percent-encoding: judged as written.
    return segment;
  }
}

function readResponse(document: OpenApiDocument, answer: RawResponse | { $ref: string }): VendorResponse {
  const resolved =
    "$ref" in answer
      ? ((document.components.responses ?? {})[answer.$ref.split("/").pop() ?? ""] as RawResponse | undefined)
      : answer;
  if (!resolved) throw new Error(`vendor document: unresolved response ${(answer as { $ref: string }).$ref}`);
  const [contentType, media] = Object.entries(resolved.content ?? {})[0] ?? [];
  const response: VendorResponse = { description: resolved.description ?? "" };
  if (contentType !== undefined && media?.schema) {
    response.contentType = contentType;
    response.schema = media.schema;
  }
  return response;
}
