/**
 * Debug logging of the client. Off unless `TRAVEL_LOG=debug` or a logger is passed in; every line
 * goes through {@link redactText} before it is written.
 */
import { redactText, redactValue } from "./redact";

/** Receives one structured debug event. */
export interface TravelLogger {
  debug(event: string, fields: Record<string, unknown>): void;
}

/** Formats an event as one redacted `key=value` line. */
export function formatLogLine(event: string, fields: Record<string, unknown>): string {
  const parts = Object.entries(redactValue(fields) as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  return redactText(`travel ${event} ${parts.join(" ")}`.trimEnd());
}

/** A logger that writes redacted lines to a sink (stderr by default). */
export function createLineLogger(
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): TravelLogger {
  return { debug: (event, fields) => write(formatLogLine(event, fields)) };
}

/** A logger that drops everything. */
export const silentLogger: TravelLogger = { debug: () => undefined };

/** The logger selected by the `TRAVEL_LOG` environment variable at call time. */
export function loggerFromEnv(env: NodeJS.ProcessEnv = process.env): TravelLogger {
  return env.TRAVEL_LOG?.toLowerCase() === "debug" ? createLineLogger() : silentLogger;
}
