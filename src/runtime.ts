/**
 * The provider runtime of this package, wired to its resource registry. `pulumi-travel/provider/runtime`
 * resolves here (package.json `exports`); its `configure`, `runtimeProvider` and `invoke` are a
 * stable contract with state written by every release (see provider/thin-provider.ts).
 */
import { createProviderRuntime } from "./provider/runtime";
import { leftOnPlatform } from "./provider/stack-objects";
import { dispatch } from "./provider/thin-provider";
import { definitions } from "./resources/registry";
import { companyDeletionWarning } from "./tenant/company-cascade";

const runtime = createProviderRuntime(definitions, {
  // A company's delete first names what the platform deletes with it that the stack does not manage.
  Company: ({ client }, companyId, held) =>
    companyDeletionWarning(client, companyId, definitions, { held, left: leftOnPlatform(companyId) }),
});

/** Receives the stack configuration (secrets decrypted) from the engine. */
export const configure = runtime.configure;

/** The provider of resource type `type`. */
export const runtimeProvider = runtime.runtimeProvider;

/** Answers a call of the serialized provider of `type` (state written since 0.2.0). */
export const invoke = (type: string, group: number, args: readonly unknown[]): Promise<unknown> =>
  dispatch(runtime, type, group, args);
