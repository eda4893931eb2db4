/** The configuration every policy reads: which stacks count as production, and the config's JSON Schema pieces. */
import type { PolicyConfigJSONSchema } from "@pulumi/policy/schema";

/** The stack a resource belongs to: the second part of its URN (`urn:pulumi:<stack>::<project>::...`). */
export function stackOfUrn(urn: string): string {
  const [head = ""] = urn.split("::");
  return head.replace(/^urn:pulumi:/, "");
}

/** True when `stack` matches one of `patterns`, where `*` stands for any run of characters. */
export function matchesAny(stack: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    new RegExp(`^${pattern.split("*").map(escapeRegExp).join(".*")}$`).test(stack),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The stacks counted as production unless the policy's config says otherwise. */
export const DEFAULT_PRODUCTION_STACKS = ["prod", "production", "*-prod", "*-production"];

/** The `productionStacks` property of a policy's config schema. */
export const productionStacksProperty = {
  productionStacks: {
    type: "array",
    items: { type: "string", minLength: 1 },
    default: DEFAULT_PRODUCTION_STACKS,
    description:
      "Stack names counted as production; `*` matches any run of characters (`*-prod` is every fleet stack of env `prod`).",
  },
} as const satisfies PolicyConfigJSONSchema["properties"];
