/**
 * The provider runtime of this package, wired to its resource registry. `pulumi-travel/provider/runtime`
 * resolves here (package.json `exports`); its `configure` and `runtimeProvider` are a stable
 * contract with state written by every release (see provider/thin-provider.ts).
 */
import { createProviderRuntime } from "./provider/runtime";
import { definitions } from "./resources/registry";

const runtime = createProviderRuntime(definitions);

/** Receives the stack configuration (secrets decrypted) from the engine. */
export const configure = runtime.configure;

/** The provider of resource type `type`. */
export const runtimeProvider = runtime.runtimeProvider;
