/**
 * The policy pack's program: `pulumi preview --policy-pack <pulumi-travel>/policy` runs it (its
 * PulumiPolicy.yaml and package.json point here). Constructing the pack starts the analyzer
 * server the engine talks to, so nothing else imports this file; a team's own pack builds one
 * from {@link travelPolicies} (see docs/policy.md).
 */
import { PolicyPack } from "@pulumi/policy";
import { travelPolicies } from "./policies";

/** The pack's name, as the engine prints it beside each violation. */
export const PACK_NAME = "pulumi-travel";

new PolicyPack(PACK_NAME, {
  description: "Guardrails for travel tenants declared with pulumi-travel (docs/policy.md).",
  policies: [...travelPolicies],
});
