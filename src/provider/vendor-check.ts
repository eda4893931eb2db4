/**
 * Preview-time check against the vendor's documents (`contract/`): the request bodies a resource
 * would send on create, built from its inputs by the resource's own code, are validated against
 * the vendor's request schemas, and each issue is reported at the input it comes from. With the
 * zod input schemas this keeps `check` at least as strict as the vendor, at every depth: a body
 * `check` accepts is one the vendor's schema accepts.
 */
import type * as pulumi from "@pulumi/pulumi";
import { vendorRequestIssues } from "../contract";
import { propertyPath } from "./check";
import type { ResourceDefinition, Values } from "./definition";
import { isUnknownAlongPath } from "./values";

/**
 * The vendor's objections to the requests `definition` would send for `inputs` (valid by the
 * resource's own schema), as check failures at input paths. Issues on values not known yet
 * (during preview) wait until they are known.
 */
export function vendorFailures<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  inputs: I,
): pulumi.dynamic.CheckFailure[] {
  if (!definition.vendorRequests) return [];
  const failures = new Map<string, pulumi.dynamic.CheckFailure>();
  for (const request of definition.vendorRequests(inputs)) {
    for (const issue of vendorRequestIssues(request.method, request.path, request.body)) {
      const at = request.inputPathOf ? request.inputPathOf(issue.path) : issue.path;
      if (isUnknownAlongPath(inputs, at)) continue;
      const failure = { property: propertyPath(at) || "(inputs)", reason: issue.message };
      failures.set(JSON.stringify(failure), failure);
    }
  }
  return [...failures.values()];
}
