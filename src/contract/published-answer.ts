/**
 * The vendor's documented answer of one operation and status, as the vendor publishes it (objects
 * open to properties they do not declare): its self-contained schema, for walking, and its check.
 */
import type { ContractIssue } from "./issues";
import { vendorOperation } from "./operations";
import { strictSchema } from "./strict-schema";
import { publishedSchema, schemaIssues } from "./validators";
import type { JsonSchema } from "./vendor-documents";

/** A documented answer body. */
export interface PublishedAnswer {
  /** `GET /v2/companies/{companyId} 200`. */
  key: string;
  /** Self-contained (components under `$defs`), open objects. */
  schema: JsonSchema;
  /** The ways `body` breaks the published schema; empty when it is valid. */
  issues(body: unknown): ContractIssue[];
}

const answers = new Map<string, PublishedAnswer | undefined>();

/**
 * The documented body of the answer `status` to `method` on the concrete `path`; undefined when
 * the vendor documents no such operation, status or body.
 */
export function publishedAnswer(method: string, path: string, status: number): PublishedAnswer | undefined {
  const operation = vendorOperation(method, path);
  if (!operation) return undefined;
  const key = `${operation.method} ${operation.pathTemplate} ${status}`;
  if (answers.has(key)) return answers.get(key);
  const schema = operation.responses[String(status)]?.schema;
  const answer: PublishedAnswer | undefined = schema && {
    key,
    schema: publishedSchema(strictSchema(operation.document, schema)),
    issues: (body) =>
      schemaIssues({ key: `${key} answer`, name: operation.document, schema, published: true }, body),
  };
  answers.set(key, answer);
  return answer;
}
