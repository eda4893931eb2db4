/**
 * The provider object Pulumi serializes into every resource's state (`__provider`). It captures
 * only the resource type; each method loads the real implementation by package path when it is
 * called, so no schema, agent, secret or absolute path ends up in state. Resolution starts at the
 * program's directory: there `pulumi-travel` is either installed or the package itself. It holds
 * two functions, `query` and `mutate`, which the runtime tells apart by their arguments (see
 * {@link dispatch}), to keep the state small (docs/performance.md, "`__provider`").
 *
 * Stable contracts of `pulumi-travel/provider/runtime` (keep all of them):
 * - state written by 0.1.0 calls `configure(config)` and `runtimeProvider(type)`;
 * - state written since calls `invoke(type, group, args)`, answered by {@link dispatch}.
 */
import type * as pulumi from "@pulumi/pulumi";

type Runtime = import("../../operations/runtime").ProviderRuntime;
type Provider = ReturnType<Runtime["runtimeProvider"]>;
type Invoke = (type: string, group: number, args: unknown[]) => Promise<never>;

/**
 * Which serialized function was called. `query` carries configure, check, diff, create and read;
 * `mutate` carries update and delete. Each group's members differ in their arguments.
 */
export const MethodGroup = { Query: 0, Mutate: 1 } as const;

/** The serializable provider of resource type `type`. */
export function thinProvider(type: string): pulumi.dynamic.ResourceProvider {
  // Pulumi serializes these two functions into state as they read: keep them short.
  // prettier-ignore
  const query = (...a: unknown[]): Promise<never> => ((require("node:module") as typeof import("node:module")).createRequire(`${process.cwd()}/`)("pulumi-travel/provider/runtime") as { invoke: Invoke }).invoke(type, 0, a);
  // prettier-ignore
  const mutate = (...a: unknown[]): Promise<never> => ((require("node:module") as typeof import("node:module")).createRequire(`${process.cwd()}/`)("pulumi-travel/provider/runtime") as { invoke: Invoke }).invoke(type, 1, a);
  // Every method the dynamic-provider host calls (the plugin's `import` is not one of them).
  const provider: Record<keyof pulumi.dynamic.ResourceProvider, typeof query> = {
    configure: query,
    check: query,
    diff: query,
    create: query,
    read: query,
    update: mutate,
    delete: mutate,
  };
  return provider as pulumi.dynamic.ResourceProvider;
}

/** The provider method a call of `group` with `args` stands for. */
export function methodOf(group: number, args: readonly unknown[]): string {
  if (group === MethodGroup.Mutate) {
    if (args.length === 3) return "update";
    if (args.length === 2) return "delete";
  } else if (group === MethodGroup.Query) {
    if (args.length === 3) return "diff";
    if (args.length === 2) return typeof args[0] === "string" ? "read" : "check";
    if (args.length === 1) return isConfigureRequest(args[0]) ? "configure" : "create";
  }
  throw new Error(
    `pulumi-travel: the serialized provider made a call this runtime does not understand (group ${group}, ${args.length} arguments); upgrade pulumi-travel`,
  );
}

/**
 * Answers a call of the serialized provider: `configure` goes to the runtime, every other method
 * to the provider of `type`.
 */
export async function dispatch(
  runtime: Runtime,
  type: string,
  group: number,
  args: readonly unknown[],
): Promise<unknown> {
  const method = methodOf(group, args);
  if (method === "configure") {
    return runtime.configure((args[0] as { config: Parameters<Runtime["configure"]>[0] }).config);
  }
  const provider = runtime.runtimeProvider(type) as unknown as Record<
    string,
    (this: Provider, ...a: readonly unknown[]) => Promise<unknown>
  >;
  const fn = provider[method];
  if (!fn) throw new Error(`pulumi-travel: resource type ${type} has no ${method}`);
  return fn.apply(provider as unknown as Provider, [...args]);
}

/** The engine's configure request: `{ config }` whose `config` has a `get` method; inputs are plain data. */
function isConfigureRequest(value: unknown): boolean {
  if (typeof value !== "object" || value === null || !("config" in value)) return false;
  const config = value.config;
  return (
    typeof config === "object" && config !== null && typeof (config as { get?: unknown }).get === "function"
  );
}
