/**
 * Keeps secret outputs of travel resources out of `pulumi up --debug`. The Node SDK logs every
 * RegisterResource/ReadResource response at debug level, and that response carries secret outputs
 * in plaintext (inside their secret wrapper). For travel resources the response part of those
 * messages is replaced; every other debug message passes unchanged.
 */
import * as pulumi from "@pulumi/pulumi";

const TRAVEL_TYPE = "dynamic/travel:";
const RESPONSE_LOG = /^(?:RegisterResource|ReadResource) RPC finished: /;

let installed = false;

/** Returns `message` with the response of a travel resource's RPC omitted. */
export function guardDebugMessage(message: string): string {
  if (!RESPONSE_LOG.test(message) || !message.includes(TRAVEL_TYPE)) return message;
  const at = message.indexOf(", resp: ");
  return at < 0
    ? message
    : `${message.slice(0, at)}, resp: [omitted by pulumi-travel: may hold secret outputs]`;
}

/** Wraps the SDK's `log.debug` once per process (the program's), filtering through {@link guardDebugMessage}. */
export function installDebugLogGuard(): void {
  if (installed) return;
  installed = true;
  const log = pulumi.log as { debug: typeof pulumi.log.debug };
  const debug = log.debug;
  log.debug = (message, ...rest) => debug(guardDebugMessage(message), ...rest);
}
