/**
 * The runtime as the dynamic-provider host serves it: warnings reach the engine through its `Log`
 * call, and a diff with changes goes to the engine as "unknown", because this host passes no
 * per-property change list; the engine then diffs the inputs itself, which gives it the changed
 * keys that `replaceOnChanges` matches and the detailed diff `preview --diff` shows.
 */
import type { DeleteWarning, DefinitionRegistry, ProviderRuntime } from "../../operations/runtime";
import { createProviderRuntime } from "../../operations/runtime";
import type { CompanyDeleteCheck } from "../../operations/company-delete-gate";
import type { TypeProvider } from "../../operations/type-provider";
import { hostWarnings } from "./engine-log";

/** The runtime of the dynamic host over `definitions`. */
export function createDynamicRuntime(
  definitions: DefinitionRegistry,
  deleteWarnings: Readonly<Record<string, DeleteWarning>> = {},
  companyDeleteCheck?: CompanyDeleteCheck,
): ProviderRuntime {
  const runtime = createProviderRuntime(definitions, {
    deleteWarnings,
    warn: hostWarnings(),
    companyDeleteCheck,
  });
  const providers = new Map<string, TypeProvider>();
  return {
    configure: runtime.configure,
    context: runtime.context,
    runtimeProvider(type) {
      let provider = providers.get(type);
      if (!provider) {
        const inner = runtime.runtimeProvider(type);
        provider = {
          ...inner,
          async diff(id, olds, news) {
            const { changes, ...result } = await inner.diff(id, olds, news);
            return changes === true ? result : { ...result, changes: false };
          },
        };
        providers.set(type, provider);
      }
      return provider;
    },
  };
}
