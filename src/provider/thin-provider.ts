/**
 * The provider object Pulumi serializes into every resource's state. It captures only the
 * resource type; each method loads the real implementation by package path when it is called,
 * so no schema, agent, secret or absolute path ends up in state. Resolution starts at the
 * program's directory: there `pulumi-travel` is either installed or the package itself.
 *
 * Stable contract: state written by any release calls `pulumi-travel/provider/runtime`'s
 * `runtimeProvider(type)` and `configure(config)`. Keep both.
 */
import type * as pulumi from "@pulumi/pulumi";

type Runtime = import("./runtime").ProviderRuntime;

/** The serializable provider of resource type `type`. */
export function thinProvider(type: string): pulumi.dynamic.ResourceProvider {
  const runtime = (): Runtime =>
    (require("node:module") as typeof import("node:module")).createRequire(`${process.cwd()}/`)(
      "pulumi-travel/provider/runtime",
    ) as Runtime;
  return {
    configure: async (req) => runtime().configure(req.config),
    check: async (olds, news) => runtime().runtimeProvider(type).check(olds, news),
    diff: async (id, olds, news) => runtime().runtimeProvider(type).diff(id, olds, news),
    create: async (inputs) => runtime().runtimeProvider(type).create(inputs),
    read: async (id, props) => runtime().runtimeProvider(type).read(id, props),
    update: async (id, olds, news) => runtime().runtimeProvider(type).update(id, olds, news),
    delete: async (id, props) => runtime().runtimeProvider(type).delete(id, props),
  };
}
