/**
 * Keeps secret outputs of travel resources out of `pulumi up --debug`. The Node SDK logs every
 * RegisterResource/ReadResource response at debug level, and that response carries secret outputs
 * in plaintext (inside their secret wrapper). For travel resources, dynamic or the plugin's
 * (`travel:index:<Type>`), the response part of those messages is replaced; every other debug
 * message passes unchanged. A program on the plugin installs it too: the SDK logs the plugin's
 * resources the same way.
 */
import * as pulumiLog from "@pulumi/pulumi/log";

/** A travel resource's type in the message: the dynamic resources' token or the plugin's. */
const TRAVEL_TYPE = /\[(?:pulumi-nodejs:dynamic\/travel|travel:index):/;
const RESPONSE_LOG = /^(?:RegisterResource|ReadResource) RPC finished: /;

/** Marks the SDK's `log.debug` once it is wrapped. */
const GUARDED = Symbol.for("pulumi-travel.debug-log-guard");

/** Returns `message` with the response of a travel resource's RPC omitted. */
export function guardDebugMessage(message: string): string {
  if (!RESPONSE_LOG.test(message) || !TRAVEL_TYPE.test(message)) return message;
  const at = message.indexOf(", resp: ");
  return at < 0
    ? message
    : `${message.slice(0, at)}, resp: [omitted by pulumi-travel: may hold secret outputs]`;
}

/** Wraps the SDK's `log.debug` once per process (the program's), filtering through {@link guardDebugMessage}. */
export function installDebugLogGuard(): void {
  const log = pulumiLog as { debug: typeof pulumiLog.debug & { [GUARDED]?: true } };
  if (log.debug[GUARDED]) return;
  const debug = log.debug;
  log.debug = Object.assign(
    (message: string, ...rest: Parameters<typeof pulumiLog.debug> extends [string, ...infer R] ? R : never) =>
      debug(guardDebugMessage(message), ...rest),
    { [GUARDED]: true as const },
  );
}
