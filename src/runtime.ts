/**
 * The provider runtime of this package, wired to its resource registry. `pulumi-travel/provider/runtime`
 * resolves here (package.json `exports`); its `configure`, `runtimeProvider` and `invoke` are a
 * stable contract with state written by every release (see provider/hosts/dynamic/thin-provider.ts).
 */
import { companyDeleteCheck, deleteWarnings } from "./delete-warnings";
import { createDynamicRuntime } from "./provider/hosts/dynamic/dynamic-runtime";
import { dispatch } from "./provider/hosts/dynamic/thin-provider";
import { definitions } from "./resources/registry";

const runtime = createDynamicRuntime(definitions, deleteWarnings, companyDeleteCheck);

/** Receives the stack configuration (secrets decrypted) from the engine. */
export const configure = runtime.configure;

/** The provider of resource type `type`. */
export const runtimeProvider = runtime.runtimeProvider;

/** Answers a call of the serialized provider of `type` (state written since 0.2.0). */
export const invoke = (type: string, group: number, args: readonly unknown[]): Promise<unknown> =>
  dispatch(runtime, type, group, args);
