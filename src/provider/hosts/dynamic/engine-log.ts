/**
 * Warnings from the dynamic-provider host that the Pulumi CLI shows as warnings. The SDK's
 * `pulumi.log.warn` has no engine to talk to in this host (it prints `warning: [runtime] ...` on
 * stderr, which the CLI shows as a plain message of the stack), so a warning goes to the engine's
 * `Log` call at the address the host was started with. Outside the host (a provider called
 * directly, in tests) it is written to stderr as `warning: ...`.
 */
import { engineWarnings } from "../../operations/engine-log";

/** The dynamic-provider host's entry point; its first argument is the engine's address. */
const PROVIDER_HOST = /[\\/]@pulumi[\\/]pulumi[\\/]cmd[\\/]dynamic-provider(?:[\\/]index\.js)?$/;

let sink: ((message: string) => Promise<void>) | undefined;

/**
 * Gives `message` (one or more lines, no secret) to the engine as a warning of the run, or writes
 * it to stderr as `warning: <message>` where there is no engine or it did not take it.
 */
export function warnEngine(message: string): Promise<void> {
  sink ??= engineWarnings(PROVIDER_HOST.test(require.main?.filename ?? "") ? process.argv[2] : undefined);
  return sink(message);
}
