/**
 * Preview-time check against the vendor's documents (`contract/`): the requests a resource would
 * send on create (and on adoption), built from its inputs by the resource's own code, are
 * validated against the vendor's request schemas and documented path parameters, and each issue
 * is reported at the input it comes from. With the
 * zod input schemas this keeps `check` at least as strict as the vendor, at every depth: a body
 * `check` accepts is one the vendor's schema accepts.
 */
import type * as pulumi from "@pulumi/pulumi";
import { vendorPathIssues, vendorRequestIssues } from "../../contract";
import { propertyPath } from "./check";
import type { ResourceDefinition, Values, ValuePath, VendorRequest } from "../model/definition";
import { isUnknownAlongPath } from "../model/unknown-values";

/** One objection of the vendor's documents, at the input path it comes from. */
export interface VendorInputIssue {
  at: ValuePath;
  message: string;
}

/**
 * The vendor's objections to the requests `definition` would send for `inputs` (valid by the
 * resource's own schema), at input paths: each body against the request schema, each path against
 * the documented path parameters (a `{companyId}` the vendor types as a uuid). Issues on values
 * not known yet (during preview) wait until they are known.
 */
export function vendorInputIssues<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  inputs: I,
): VendorInputIssue[] {
  const issues: VendorInputIssue[] = [];
  for (const request of definition.capabilities?.preview?.vendorRequests?.(inputs) ?? []) {
    issues.push(
      ...vendorPathIssues(request.method, request.path).map((issue) => ({
        at: parameterInput(request, inputs, String(issue.path[0])),
        message: issue.message,
      })),
      ...(request.body === undefined
        ? []
        : vendorRequestIssues(request.method, request.path, request.body).map((issue) => ({
            at: request.inputPathOf ? request.inputPathOf(issue.path) : issue.path,
            message: issue.message,
          }))),
    );
  }
  return issues.filter((issue) => !isUnknownAlongPath(inputs, issue.at));
}

/** {@link vendorInputIssues} as check failures, each once. */
export function vendorFailures<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  inputs: I,
): pulumi.dynamic.CheckFailure[] {
  const failures = new Map<string, pulumi.dynamic.CheckFailure>();
  for (const { at, message } of vendorInputIssues(definition, inputs)) {
    const failure = { property: propertyPath(at) || "(inputs)", reason: message };
    failures.set(JSON.stringify(failure), failure);
  }
  return [...failures.values()];
}

/** The input a path parameter comes from: the input of its name, else the request's id input. */
function parameterInput(request: VendorRequest, inputs: Values, name: string): ValuePath {
  if (name in inputs || request.idInput === undefined) return [name];
  return [request.idInput];
}
