/**
 * The vendor contract on every documented route: before any route sees a request, its body and
 * query string are checked against the vendor's documents (src/contract), undeclared properties
 * refused at every depth, and a request that breaks them is answered 400 `INVALID_REQUEST` naming
 * each path and reason. The routes' own zod checks then apply what the vendor does not say (rules
 * across fields, the emulator's limits). Routes the vendor does not document are left to them.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { type ContractIssue, vendorOperation, vendorQueryIssues, vendorRequestIssues } from "../../contract";
import { badRequest, PlatformError } from "./errors";
import { globalPlugin } from "./global-plugin";
import { ADMIN_PREFIX } from "./http";

/** Issues named in one answer; the rest are counted. */
const MAX_NAMED_ISSUES = 10;

/** What the hook needs from the emulator. */
export interface VendorContractHookOptions {
  /**
   * Resolves an Authorization header, throwing a {@link PlatformError} (401) when it does not
   * authenticate. A request to an operation that needs a token is checked only once it
   * authenticates, so an anonymous caller learns nothing from the contract and gets its 401.
   */
  authenticate(authorization: string | undefined): unknown;
}

/** The plugin: the {@link vendorContractHook} on every route, after the body-depth limit. */
export function vendorContract(options: VendorContractHookOptions): FastifyPluginAsync {
  return globalPlugin("vendor-contract", async (app) => {
    app.addHook("preValidation", vendorContractHook(options));
  });
}

/** A `preValidation` hook that refuses requests breaking the vendor's documents. */
export function vendorContractHook(options: VendorContractHookOptions) {
  return async (request: FastifyRequest): Promise<void> => {
    const path = request.url.split("?")[0] ?? request.url;
    if (path.startsWith(ADMIN_PREFIX)) return;
    const operation = vendorOperation(request.method, path);
    if (!operation) return;
    if (operation.requiresToken && !authenticates(options, request)) return;
    const query = vendorQueryIssues(request.method, path, request.query as Record<string, unknown>);
    if (query.length > 0) throw badRequest(`invalid request query: ${describeIssues(query, "query")}`);
    // A body of another media type than the documented one is the route's to refuse (415); a
    // multipart upload is parsed by its route (its parts are not a JSON document).
    const contentType = operation.request?.contentType;
    if (contentType?.startsWith("multipart/") || (contentType && !isOfType(request, contentType))) return;
    const body = vendorRequestIssues(request.method, path, request.body);
    if (body.length > 0) throw badRequest(`invalid request body: ${describeIssues(body, "body")}`);
  };
}

/**
 * `address.adressLines: is not a property …; name: is required`: paths written as the emulator's
 * other validation messages write them (`accountManagers.0.id`).
 */
export function describeIssues(issues: readonly ContractIssue[], root: string): string {
  const named = issues
    .slice(0, MAX_NAMED_ISSUES)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : root}: ${issue.message}`);
  const more = issues.length - named.length;
  return more > 0 ? `${named.join("; ")}; and ${more} more` : named.join("; ");
}

/** Whether the request declares `contentType` (or sends no body, which the schema then judges). */
function isOfType(request: FastifyRequest, contentType: string): boolean {
  const declared = request.headers["content-type"];
  return declared === undefined || declared.toLowerCase().startsWith(contentType);
}

function authenticates(options: VendorContractHookOptions, request: FastifyRequest): boolean {
  try {
    options.authenticate(request.headers.authorization);
    return true;
  } catch (error) {
    if (error instanceof PlatformError) return false;
    throw error;
  }
}
