/**
 * Warnings from the dynamic-provider host that the Pulumi CLI shows as warnings. The SDK's
 * `pulumi.log.warn` has no engine to talk to in this host (it prints `warning: [runtime] ...` on
 * stderr, which the CLI shows as a plain message of the stack), so a warning goes to the engine's
 * `Log` call at the address the host was started with. Outside the host (a provider called
 * directly, in tests) it is written to stderr as `warning: ...`.
 */
import type { WarningSink } from "../../model/resource-context";
import { engineWarnings } from "../../operations/engine-log";

/** The dynamic-provider host's entry point; its first argument is the engine's address. */
const PROVIDER_HOST = /[\\/]@pulumi[\\/]pulumi[\\/]cmd[\\/]dynamic-provider(?:[\\/]index\.js)?$/;

/**
 * The warning sink of this process: the engine's `Log` call when the process is the
 * dynamic-provider host, stderr (`warning: <message>`) otherwise.
 */
export function hostWarnings(): WarningSink {
  return engineWarnings(PROVIDER_HOST.test(require.main?.filename ?? "") ? process.argv[2] : undefined);
}
