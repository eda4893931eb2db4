/**
 * Checks of requests and answers against the vendor's documents (see vendor-api/README.md and
 * docs/api-decisions.md, "The vendor contract"). Each check finds the documented operation for a
 * concrete method and path, and validates against the strict compiled copy of its schema.
 */
import type { ContractIssue } from "./issues";
import {
  pathParameterValues,
  type VendorOperation,
  type VendorParameter,
  type VendorRequestBody,
  vendorOperation,
  vendorOperationByTemplate,
  vendorOperations,
} from "./operations";
import { strictSchema } from "./strict-schema";
import { type SchemaCheck, schemaIssues } from "./validators";
import type { JsonSchema } from "./vendor-documents";

/**
 * The ways `body` breaks the vendor's request schema for `method` on the concrete `path`; empty
 * when it is valid, and when the vendor documents nothing for that method and path. A missing
 * body is an issue when the operation documents a required one; a body sent to an operation that
 * documents none is an issue too.
 */
export function vendorRequestIssues(method: string, path: string, body: unknown): ContractIssue[] {
  const operation = vendorOperation(method, path);
  if (!operation) return [];
  const request = operation.request;
  if (!request) {
    return isEmpty(body)
      ? []
      : [{ path: [], message: `the vendor documents no request body for ${describe(operation)}` }];
  }
  if (body === undefined || body === null) {
    return request.required ? [{ path: [], message: "a request body is required" }] : [];
  }
  return schemaIssues(requestCheck(operation, request), body);
}

/**
 * The ways an answer breaks the vendor's documents: a status the operation does not document, a
 * body where the documents have none (or none where they have one), or a body that breaks the
 * documented schema. Empty when the vendor documents nothing for `method` and `path`.
 */
export function vendorResponseIssues(
  method: string,
  path: string,
  status: number,
  body: unknown,
): ContractIssue[] {
  const operation = vendorOperation(method, path);
  if (!operation) return [];
  const response = operation.responses[String(status)] ?? operation.responses.default;
  if (!response) {
    const documented = Object.keys(operation.responses).join(", ");
    return [
      {
        path: [],
        message: `status ${status} is not documented for ${describe(operation)} (documented: ${documented})`,
      },
    ];
  }
  if (!response.schema) {
    return isEmpty(body) ? [] : [{ path: [], message: `the vendor documents no body for status ${status}` }];
  }
  if (body === undefined || body === "")
    return [{ path: [], message: `a body is documented for status ${status}` }];
  return schemaIssues(
    { key: `${describe(operation)} ${status}`, name: operation.document, schema: response.schema },
    body,
  );
}

/**
 * The ways a query string breaks the parameters the operation documents: their types (strings
 * are read as the declared type), enums, formats and required parameters. Parameters the vendor
 * does not document are not refused: the platform ignores them.
 */
export function vendorQueryIssues(
  method: string,
  path: string,
  query: Readonly<Record<string, unknown>>,
): ContractIssue[] {
  const operation = vendorOperation(method, path);
  if (!operation) return [];
  return parameterIssues(operation, "query", operation.queryParameters, { ...query });
}

/**
 * The ways the concrete `path` breaks the path parameters the operation documents (a `{companyId}`
 * the vendor types as a uuid that is not one), each issue at the parameter's name. Empty when the
 * vendor documents nothing for `method` and `path`.
 */
export function vendorPathIssues(method: string, path: string): ContractIssue[] {
  const operation = vendorOperation(method, path);
  if (!operation) return [];
  return parameterIssues(
    operation,
    "path",
    operation.pathParameters,
    pathParameterValues(operation, path),
  ).map((issue) => ({
    ...issue,
    message: `${issue.message} (the vendor's {${String(issue.path[0])}} path parameter of ${describe(operation)})`,
  }));
}

/** The ways `values` break `parameters` (strings are read as the declared types). */
function parameterIssues(
  operation: VendorOperation,
  where: "query" | "path",
  parameters: readonly VendorParameter[],
  values: Record<string, unknown>,
): ContractIssue[] {
  const check = parameterCheck(operation, where, parameters);
  return check ? schemaIssues(check, values) : [];
}

/**
 * Every check of what a client sends: each documented request body, query string and path, of
 * every operation. The build compiles their validators ahead of time (`scripts/gen-validators.ts`).
 */
export function requestChecks(): SchemaCheck[] {
  return vendorOperations().flatMap((operation) =>
    [
      operation.request && requestCheck(operation, operation.request),
      parameterCheck(operation, "query", operation.queryParameters),
      parameterCheck(operation, "path", operation.pathParameters),
    ].filter((check) => check !== undefined),
  );
}

function parameterCheck(
  operation: VendorOperation,
  where: "query" | "path",
  parameters: readonly VendorParameter[],
): SchemaCheck | undefined {
  if (parameters.length === 0) return undefined;
  const schema: JsonSchema = {
    type: "object",
    additionalProperties: true,
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
  return { key: `${describe(operation)} ${where}`, name: operation.document, schema, mode: "query" };
}

/**
 * The resolved JSON Schema (2020-12, self-contained: reached components under `$defs`) of the
 * request body of `method` on `pathTemplate` (`/v2/companies/{companyId}`), in the strict form the
 * checks use; undefined when the vendor documents no body there. A fresh copy each call.
 */
export function vendorRequestSchema(method: string, pathTemplate: string): object | undefined {
  const operation = vendorOperationByTemplate(method, pathTemplate);
  if (!operation?.request) return undefined;
  const check = requestCheck(operation, operation.request);
  return structuredClone(strictSchema(check.name, check.schema, check.openRoot));
}

function requestCheck(operation: VendorOperation, request: VendorRequestBody): SchemaCheck {
  return {
    key: `${describe(operation)} request`,
    name: operation.document,
    schema: request.schema,
    // A form-encoded body is an OAuth token request: unrecognized parameters are ignored (RFC 6749).
    openRoot: request.contentType === "application/x-www-form-urlencoded",
  };
}

function describe(operation: VendorOperation): string {
  return `${operation.method} ${operation.pathTemplate}`;
}

function isEmpty(body: unknown): boolean {
  return (
    body === undefined ||
    body === null ||
    body === "" ||
    (typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 0)
  );
}
