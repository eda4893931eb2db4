/**
 * The parts of a `pulumi stack export` document that reconcile needs: the travel resources with
 * their ids and properties, and the pending creates an interrupted `pulumi up` left behind.
 */
import { z } from "zod";

/**
 * The type token prefixes of travel resources: the dynamic resources' and the provider plugin's
 * (`travel:index:<Type>`). A stack may hold either.
 */
const TOKEN_PREFIXES = ["pulumi-nodejs:dynamic/travel:", "travel:index:"];

const stateSchema = z.looseObject({
  urn: z.string(),
  type: z.string(),
  id: z.string().optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  outputs: z.record(z.string(), z.unknown()).optional(),
});

const exportSchema = z.looseObject({
  deployment: z.looseObject({
    resources: z.array(stateSchema).nullish(),
    pending_operations: z.array(z.looseObject({ resource: stateSchema, type: z.string() })).nullish(),
  }),
});

/** A travel resource as the stack records it. */
export interface StackResource {
  urn: string;
  /** The type name, such as `CostCenter`. */
  type: string;
  id: string | undefined;
  /** Outputs over inputs: what the resource declared and computed. */
  properties: Record<string, unknown>;
}

/** What reconcile reads from a stack export. */
export interface StackContents {
  resources: StackResource[];
  /** Travel resources whose create was begun and never recorded as finished. */
  pendingCreates: StackResource[];
}

function toResource(state: z.output<typeof stateSchema>): StackResource | undefined {
  const prefix = TOKEN_PREFIXES.find((candidate) => state.type.startsWith(candidate));
  if (prefix === undefined) return undefined;
  return {
    urn: state.urn,
    type: state.type.slice(prefix.length),
    id: state.id === "" ? undefined : state.id,
    properties: { ...(state.inputs ?? {}), ...(state.outputs ?? {}) },
  };
}

/** Parses the JSON text of `pulumi stack export`; the error names what is wrong. */
export function parseStackExport(text: string): StackContents {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`the stack export is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = exportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `the stack export is not the output of \`pulumi stack export\`: ${issue?.path.join(".") || "(root)"}: ${issue?.message}`,
    );
  }
  const { resources, pending_operations: pending } = parsed.data.deployment;
  return {
    resources: (resources ?? []).map(toResource).filter((r): r is StackResource => r !== undefined),
    pendingCreates: (pending ?? [])
      .filter((operation) => operation.type === "creating")
      .map((operation) => toResource(operation.resource))
      .filter((r): r is StackResource => r !== undefined),
  };
}
