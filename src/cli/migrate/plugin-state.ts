/**
 * A stack's state (the deployment `pulumi stack export` writes) moved from the dynamic resources
 * (`pulumi-nodejs:dynamic/travel:<Type>`, served by the `pulumi-nodejs` provider) onto the provider
 * plugin (`travel:index:<Type>`, served by the default `pulumi:providers:travel`), the objects on
 * the platform untouched: each resource keeps its name, id, inputs and outputs; its type and URN
 * change, its `__provider` goes, keyed inputs go back to their declared (list) form, the id output
 * joins the outputs (as the plugin records them), and every URN that names it follows. The travel
 * provider takes the `travel:*` settings the `pulumi-nodejs` provider recorded, secrets as the
 * ciphertext they are: nothing is decrypted. It is the default provider the target program's
 * resources ask for (default-provider.ts): `default` for Pulumi YAML, the versioned one of the
 * Node.js SDK for TypeScript on `pulumi-travel/plugin`. Pure: no I/O.
 */
import { randomUUID } from "node:crypto";
import { declaredForm } from "../../provider/model/keyed-inputs";
import { isMetaKey } from "../../provider/model/codec";
import type { Values } from "../../provider/model/values";
import type { DefinitionRegistry } from "../../provider/operations/runtime";
import { type DefaultProviderRequest, defaultProviderName, defaultProviderRecord } from "./default-provider";

/** A resource as a deployment records it (the fields this module reads or writes; others kept). */
export interface StateResource {
  urn: string;
  type: string;
  custom?: boolean;
  id?: string;
  inputs?: Values;
  outputs?: Values;
  parent?: string;
  provider?: string;
  dependencies?: string[];
  propertyDependencies?: Record<string, string[]>;
  deletedWith?: string;
  [more: string]: unknown;
}

/** An operation the engine began and never finished, as the deployment records it. */
export interface PendingOperation {
  type: string;
  resource: { urn: string };
}

/** The `deployment` of `pulumi stack export`. */
export interface Deployment {
  resources?: StateResource[];
  pending_operations?: PendingOperation[];
  [more: string]: unknown;
}

/** The dynamic host's type token prefix. */
export const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/travel:";
/** The plugin's type token prefix. */
export const PLUGIN_PREFIX = "travel:index:";
/** The dynamic host's provider type. */
const NODEJS_PROVIDER = "pulumi:providers:pulumi-nodejs";
/** The plugin's provider type. */
export const TRAVEL_PROVIDER = "pulumi:providers:travel";
/** The config namespace both hosts read. */
const NAMESPACE = "travel:";

/** What {@link migrateDeployment} did. */
export interface Migration {
  deployment: Deployment;
  /** The URNs moved onto the plugin, old to new. */
  moved: Map<string, string>;
  /** Resources already on the plugin (a re-run). */
  alreadyOnPlugin: number;
  /** The travel provider's URN, when one was added. */
  providerAdded?: string | undefined;
  /** Provider resources dropped because nothing refers to them any more. */
  providersDropped: string[];
}

/** One line per pending operation: `creating urn:...`. */
export function pendingOperations(deployment: Deployment): string[] {
  return (deployment.pending_operations ?? []).map((op) => `${op.type} ${op.resource.urn}`);
}

/** The registry type of a dynamic travel resource's token; undefined for any other token. */
export function dynamicTypeOf(token: string): string | undefined {
  return token.startsWith(DYNAMIC_PREFIX) ? token.slice(DYNAMIC_PREFIX.length) : undefined;
}

/** `urn` with its own type (the last of its qualified type) replaced by `type`. */
function withType(urn: string, type: string): string {
  const parts = urn.split("::");
  const qualified = parts[2]?.split("$") ?? [];
  qualified[qualified.length - 1] = type;
  parts[2] = qualified.join("$");
  return parts.join("::");
}

/** `stack` and `project` of a URN (`urn:pulumi:<stack>::<project>::...`). */
function stackAndProject(urn: string): { stack: string; project: string } {
  const [head = "", project = ""] = urn.split("::");
  return { stack: head.slice("urn:pulumi:".length), project };
}

/** The URN of a provider reference (`<urn>::<id>`). */
function referenceUrn(reference: string): string {
  return reference.slice(0, reference.lastIndexOf("::"));
}

/**
 * The deployment with every dynamic travel resource moved onto the plugin, served by the default
 * provider of resources that ask the engine for `request` (by default nothing: Pulumi YAML's).
 * Throws naming the resource when a dynamic resource's type is not in `definitions` (a newer
 * package wrote it), and refuses a deployment with pending operations (see {@link pendingOperations}).
 */
export function migrateDeployment(
  deployment: Deployment,
  definitions: DefinitionRegistry,
  request: DefaultProviderRequest = {},
): Migration {
  const pending = pendingOperations(deployment);
  if (pending.length > 0) throw new Error(`the state has pending operations: ${pending.join("; ")}`);
  const resources = deployment.resources ?? [];
  const moved = new Map<string, string>();
  for (const resource of resources) {
    const type = dynamicTypeOf(resource.type);
    if (type === undefined) continue;
    if (!definitions[type])
      throw new Error(`${resource.urn}: pulumi-travel has no resource type ${type} (upgrade pulumi-travel)`);
    moved.set(resource.urn, withType(resource.urn, `${PLUGIN_PREFIX}${type}`));
  }
  const alreadyOnPlugin = resources.filter((r) => r.type.startsWith(PLUGIN_PREFIX)).length;
  if (moved.size === 0)
    return { deployment, moved, alreadyOnPlugin, providersDropped: [], providerAdded: undefined };

  const first = resources.find((r) => moved.has(r.urn)) as StateResource;
  const { stack, project } = stackAndProject(first.urn);
  const name = defaultProviderName(request);
  const existing = resources.find(
    (r) => r.type === TRAVEL_PROVIDER && r.urn.endsWith(`::${TRAVEL_PROVIDER}::${name}`),
  );
  const providerUrn = existing?.urn ?? `urn:pulumi:${stack}::${project}::${TRAVEL_PROVIDER}::${name}`;
  const providerId = existing?.id ?? randomUUID();
  const nodejsProvider = resources.find((r) => first.provider && r.urn === referenceUrn(first.provider));
  const added: StateResource[] = existing
    ? []
    : [travelProvider(providerUrn, providerId, nodejsProvider?.inputs ?? {}, request)];

  const rename = (urn: string) => moved.get(urn) ?? urn;
  const migrated = resources.map((resource): StateResource => {
    const renamed: StateResource = {
      ...resource,
      urn: rename(resource.urn),
      ...(resource.parent !== undefined ? { parent: rename(resource.parent) } : {}),
      ...(resource.dependencies ? { dependencies: resource.dependencies.map(rename) } : {}),
      ...(resource.deletedWith !== undefined ? { deletedWith: rename(resource.deletedWith) } : {}),
      ...(resource.propertyDependencies
        ? {
            propertyDependencies: Object.fromEntries(
              Object.entries(resource.propertyDependencies)
                .filter(([key]) => !isMetaKey(key))
                .map(([key, urns]) => [key, urns.map(rename)]),
            ),
          }
        : {}),
    };
    const type = dynamicTypeOf(resource.type);
    if (type === undefined) return renamed;
    const definition = definitions[type];
    const inputs = declaredForm(
      definition?.capabilities?.diff?.keyedInputs,
      withoutInternal(resource.inputs),
    );
    // The outputs keep what the provider records beside the platform's values (`__lastWritten`,
    // `__idsBeforeCreate`): only the dynamic host's serialized provider goes.
    const outputs = Object.fromEntries(
      Object.entries(resource.outputs ?? {}).filter(([key]) => key !== DYNAMIC_PROVIDER_KEY),
    );
    const idOutput = definition?.capabilities?.outputRules?.idOutput;
    if (idOutput !== undefined && outputs[idOutput] === undefined && resource.id !== undefined)
      outputs[idOutput] = resource.id;
    return {
      ...renamed,
      type: `${PLUGIN_PREFIX}${type}`,
      inputs,
      outputs,
      provider: `${providerUrn}::${providerId}`,
    };
  });

  // A provider nothing refers to any more would be deleted by the next run: drop it now.
  const referenced = new Set(migrated.flatMap((r) => (r.provider ? [referenceUrn(r.provider)] : [])));
  const providersDropped = migrated
    .filter((r) => r.type === NODEJS_PROVIDER && !referenced.has(r.urn))
    .map((r) => r.urn);
  const kept = migrated.filter((r) => !providersDropped.includes(r.urn));
  // Providers come before the resources they serve.
  const at = Math.max(
    0,
    kept.findIndex((r) => moved.has(r.urn) || [...moved.values()].includes(r.urn)),
  );
  kept.splice(at, 0, ...added);
  return {
    deployment: { ...deployment, resources: kept },
    moved,
    alreadyOnPlugin,
    providerAdded: existing ? undefined : providerUrn,
    providersDropped,
  };
}

/** The output in which the dynamic host serializes its provider. */
const DYNAMIC_PROVIDER_KEY = "__provider";

/** `values` without the internal keys (`__provider`, the provider's own records). */
function withoutInternal(values: Values | undefined): Values {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([key]) => !isMetaKey(key)));
}

/**
 * The default travel provider with the settings the `pulumi-nodejs` provider recorded from the
 * stack's `travel:*` config (as the engine records a default provider's: names without the
 * namespace, secrets as recorded), and what `request` adds.
 */
function travelProvider(
  urn: string,
  id: string,
  nodejsInputs: Values,
  request: DefaultProviderRequest,
): StateResource {
  const settings = Object.fromEntries(
    Object.entries(nodejsInputs)
      .filter(([key]) => key.startsWith(NAMESPACE))
      .map(([key, value]) => [key.slice(NAMESPACE.length), value]),
  );
  return { urn, custom: true, id, type: TRAVEL_PROVIDER, ...defaultProviderRecord(request, settings) };
}
