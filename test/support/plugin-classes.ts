/**
 * The two hosts an e2e program can declare travel resources on, with one program text: the dynamic
 * resources of the package (`pulumi-nodejs:dynamic/travel:<Type>`) or the provider plugin `travel`
 * (`travel:index:<Type>`) without a generated SDK. {@link TRAVEL_BY_HOST} binds `travel` in a
 * program to one or the other by the stack config `host`; {@link pluginProject} makes a program
 * directory find the plugin built from the packed package.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REQUIRE_INTERNAL } from "./package-internals";

/** The hosts a program can run its travel resources on. */
export const HOSTS = ["dynamic", "plugin"] as const;
export type Host = (typeof HOSTS)[number];

/** The type token prefix of each host's travel resources. */
export const TOKEN_PREFIX: Record<Host, string> = {
  dynamic: "pulumi-nodejs:dynamic/travel:",
  plugin: "travel:index:",
};

/**
 * Program text binding `travel` (after `pulumi` is bound): the package's Resource classes, or with
 * the stack config `host` set to `plugin`, one class per registry type (the package's registry, an
 * internal module: test/support/package-internals.ts) that extends
 * `pulumi.CustomResource` with the token `travel:index:<Type>`, as a generated SDK would: the
 * args, each declared output and the id output as `undefined` props (so `made.co.companyId` is an
 * output), secret inputs wrapped in `pulumi.secret`. Secret outputs are left to the plugin (no
 * `additionalSecretOutputs`): the tests check that the plugin itself keeps them secret. Like the
 * package's classes, they install the debug-log guard (`provider/hosts/dynamic/debug-log-guard.ts`):
 * the Node SDK logs every resource's outputs, secrets in plaintext, at `--debug`, whatever its host.
 */
export const TRAVEL_BY_HOST = `${REQUIRE_INTERNAL}
if (new pulumi.Config().get("host") === "plugin")
  internal("provider/hosts/dynamic/debug-log-guard").installDebugLogGuard();
const travel =
  new pulumi.Config().get("host") === "plugin"
    ? Object.fromEntries(
        Object.entries(internal("resources/registry").definitions).map(([type, definition]) => {
          const idOutput = definition.capabilities?.outputRules?.idOutput;
          const outputs = [...definition.outputs, ...(idOutput ? [idOutput] : [])];
          const PluginResource = class extends pulumi.CustomResource {
            constructor(name, args = {}, opts) {
              const props = { ...args };
              for (const key of definition.capabilities?.secrets?.secretInputs ?? [])
                if (props[key] !== undefined) props[key] = pulumi.secret(props[key]);
              for (const key of outputs) if (!(key in props)) props[key] = undefined;
              super("travel:index:" + type, name, props, opts);
            }
          };
          return [type, PluginResource];
        }),
      )
    : require("pulumi-travel");
`;

/**
 * Makes the program in `programDir` find the plugin `travel` of the package installed in
 * `packageDir` (a packed project's node_modules/pulumi-travel): an executable
 * `pulumi-resource-travel` in `programDir/plugin` and the Pulumi.yaml lines naming its directory.
 */
export function pluginProject(programDir: string, packageDir: string): string {
  const dir = join(programDir, "plugin");
  mkdirSync(dir, { recursive: true });
  const launcher = join(dir, "pulumi-resource-travel");
  writeFileSync(launcher, `#!/bin/sh\nexec node ${join(packageDir, "dist", "src", "plugin.js")} "$@"\n`);
  chmodSync(launcher, 0o755);
  return `plugins:\n  providers:\n    - name: travel\n      path: ${dir}\n`;
}
