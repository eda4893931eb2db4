/**
 * The Pulumi YAML program of a stack's travel resources on the plugin, read off its state (after
 * {@link migrateDeployment}): each resource under its own name, with the inputs the state records,
 * an input that came from another resource written as that resource's output (the state's
 * property dependencies say which resource; the output holding the same value says which output),
 * and the stack's outputs where they are resources' ids. A secret input (ciphertext in the state)
 * becomes a secret config value of the program, named in {@link StateProgram.secretConfig}. Its
 * preview against the migrated state shows no changes. Pure: no I/O.
 */
import type { Values } from "../../provider/model/values";
import type { DefinitionRegistry } from "../../provider/operations/runtime";
import { ProgramConfig, ProgramReference, type ProgramResource, programKey } from "../yaml-program";
import { type Deployment, PLUGIN_PREFIX, type StateResource } from "./plugin-state";

/** The signature key of a secret value in a deployment. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** The program's parts read off the state. */
export interface StateProgram {
  project: string;
  stack: string;
  resources: ProgramResource[];
  outputs: Record<string, unknown>;
  /** Config values the program reads, secret: `<project>:<name>` with the input they stand for. */
  secretConfig: { key: string; input: string }[];
}

function isSecret(value: unknown): boolean {
  return typeof value === "object" && value !== null && SECRET_SIG in value;
}

/** The program of the travel resources of `deployment` (already on the plugin). */
export function programFromState(deployment: Deployment, definitions: DefinitionRegistry): StateProgram {
  const all = deployment.resources ?? [];
  const travel = all.filter((r) => r.type.startsWith(PLUGIN_PREFIX));
  const stackResource = all.find((r) => r.type === "pulumi:pulumi:Stack");
  const [head = "", project = ""] = (stackResource ?? travel[0])?.urn.split("::") ?? [];
  const stack = head.slice("urn:pulumi:".length);
  const taken = new Set<string>();
  const keys = new Map<string, string>();
  for (const resource of travel) keys.set(resource.urn, programKey(nameOf(resource.urn), taken));
  const byUrn = new Map(travel.map((r) => [r.urn, r]));
  const secretConfig: StateProgram["secretConfig"] = [];

  const idOutputOf = (resource: StateResource) =>
    definitions[resource.type.slice(PLUGIN_PREFIX.length)]?.capabilities?.outputRules?.idOutput;

  /** The reference to the output of one of `candidates` holding `text`, the id output first. */
  const referenceTo = (text: string, candidates: readonly StateResource[]): ProgramReference | undefined => {
    for (const candidate of candidates) {
      const idOutput = idOutputOf(candidate);
      if (idOutput !== undefined && candidate.outputs?.[idOutput] === text)
        return new ProgramReference(keys.get(candidate.urn) ?? "", idOutput);
    }
    for (const candidate of candidates)
      for (const [output, value] of Object.entries(candidate.outputs ?? {}))
        if (value === text) return new ProgramReference(keys.get(candidate.urn) ?? "", output);
    return undefined;
  };
  const resolve = (value: unknown, candidates: readonly StateResource[]): unknown => {
    if (typeof value === "string") return referenceTo(value, candidates) ?? value;
    if (Array.isArray(value)) return value.map((item) => resolve(item, candidates));
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, resolve(item, candidates)]));
    return value;
  };

  const resources = travel.map((resource): ProgramResource => {
    const key = keys.get(resource.urn) ?? "";
    const properties: Values = {};
    for (const [input, value] of Object.entries(resource.inputs ?? {})) {
      if (isSecret(value)) {
        const name = `${key}-${input}`;
        secretConfig.push({ key: `${project}:${name}`, input: `${nameOf(resource.urn)}.${input}` });
        properties[input] = new ProgramConfig(name, true);
        continue;
      }
      const from = resource.propertyDependencies?.[input] ?? resource.dependencies ?? [];
      const candidates = from.flatMap((urn) => byUrn.get(urn) ?? []);
      properties[input] = resolve(value, candidates);
    }
    return { key, name: nameOf(resource.urn), type: resource.type.slice(PLUGIN_PREFIX.length), properties };
  });

  // Stack outputs: a value that is exactly one resource's id reads that id.
  const withIds = travel.filter((r) => {
    const idOutput = idOutputOf(r);
    return idOutput !== undefined && typeof r.outputs?.[idOutput] === "string";
  });
  const outputs = Object.fromEntries(
    Object.entries(stackResource?.outputs ?? {})
      .filter(([, value]) => !isSecret(value))
      .map(([name, value]) => [name, resolve(value, withIds)]),
  );
  return { project, stack, resources, outputs, secretConfig };
}

/** The resource name of a URN (its last part). */
function nameOf(urn: string): string {
  return urn.split("::").slice(3).join("::");
}
