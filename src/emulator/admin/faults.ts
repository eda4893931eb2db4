/**
 * Fault injection per route pattern: 429s with Retry-After (in seconds or as an HTTP date, with
 * the answer's `Date` skewed if asked), 500s and 503s, added latency and
 * dropped connections, each with a probability, decided before the request is handled; and
 * "after handling" faults, where the platform commits the request and then the connection is
 * dropped or a 5xx replaces the answer. Admin routes are never faulted.
 */
import { z } from "zod";
import type { Random } from "../core/random";

/** The largest `dateSkewSeconds`: 30 days, the clock skew the platform's clients are proven against. */
const MAX_SKEW_SECONDS = 30 * 24 * 3600;

/** A fault rule as the admin API accepts it. */
export const faultRuleSchema = z
  .object({
    /** Glob over the request path (`*` matches within a segment, `**` across segments). */
    path: z.string().min(1).default("/**"),
    /** Methods the rule applies to; all when omitted. */
    methods: z.array(z.string().toUpperCase()).optional(),
    /** Probability of answering 429 with Retry-After. */
    rate429: z.number().min(0).max(1).default(0),
    /** Retry-After seconds sent with injected 429s and 503s. */
    retryAfterSeconds: z.number().min(0).max(3600).default(1),
    /**
     * How injected 429s and 503s state their `Retry-After`: `"seconds"` (delta seconds) or
     * `"http-date"` (the answer's `Date` plus `retryAfterSeconds`, as an HTTP date, RFC 9110).
     */
    retryAfterFormat: z.enum(["seconds", "http-date"]).default("seconds"),
    /**
     * Seconds the `Date` header of injected 429s, 500s and 503s is ahead of the emulator's clock
     * (behind when negative): a platform whose clock is off from the client's. At most 30 days.
     */
    dateSkewSeconds: z.number().int().min(-MAX_SKEW_SECONDS).max(MAX_SKEW_SECONDS).default(0),
    rate500: z.number().min(0).max(1).default(0),
    rate503: z.number().min(0).max(1).default(0),
    /** Probability of destroying the connection without an answer. */
    dropRate: z.number().min(0).max(1).default(0),
    /** Latency added to every matching request. */
    latencyMs: z.number().int().min(0).max(120_000).default(0),
    /**
     * What happens after the request was handled and its changes committed (durably, with a state
     * file): `"drop"` destroys the connection without an answer; `"cut"` sends the answer's status
     * and the first half of its body, then closes the connection (a success cut short); 500, 502,
     * 503 or 504 replaces the answer with that error. Drawn with `afterHandlingRate` when no
     * before-handling fault fired.
     */
    afterHandling: z
      .union([
        z.literal("drop"),
        z.literal("cut"),
        z.literal(500),
        z.literal(502),
        z.literal(503),
        z.literal(504),
      ])
      .optional(),
    /** Probability of the `afterHandling` fault (default 1: every matching request). */
    afterHandlingRate: z.number().min(0).max(1).default(1),
    /** How many more times the rule may inject a fault; unlimited when omitted. */
    times: z.number().int().positive().optional(),
  })
  .strict()
  .refine((r) => r.rate429 + r.rate500 + r.rate503 + r.dropRate <= 1, {
    message: "rate429 + rate500 + rate503 + dropRate must not exceed 1",
  });

/** The after-handling fault kinds. */
export type AfterHandlingFault = "drop" | "cut" | 500 | 502 | 503 | 504;

/** A validated fault rule. */
export type FaultRule = z.output<typeof faultRuleSchema>;

/** An installed rule with its id and how often it fired. */
export interface InstalledFault extends FaultRule {
  id: string;
  fired: number;
}

/** What to do to one request. */
export type FaultAction =
  | { type: "none"; latencyMs: number }
  | {
      type: "status";
      status: 429 | 500 | 503;
      retryAfterSeconds?: number | undefined;
      retryAfterFormat: "seconds" | "http-date";
      dateSkewSeconds: number;
      latencyMs: number;
      ruleId: string;
    }
  | { type: "drop"; latencyMs: number; ruleId: string }
  | { type: "after"; fault: AfterHandlingFault; latencyMs: number; ruleId: string };

/** Converts a path glob into a regular expression. */
export function globToRegExp(glob: string): RegExp {
  let pattern = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === "*") {
      if (glob[i + 1] === "*") {
        pattern += ".*";
        i++;
      } else {
        pattern += "[^/]*";
      }
    } else {
      pattern += char.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(`^${pattern}$`);
}

/** The set of installed fault rules. */
export class FaultInjector {
  private rules: (InstalledFault & { regex: RegExp })[] = [];
  private nextId = 1;

  constructor(private readonly random: Random) {}

  /** Installs a rule; returns it with its id. */
  add(rule: FaultRule): InstalledFault {
    const installed = { ...rule, id: `fault-${this.nextId++}`, fired: 0 };
    this.rules.push({ ...installed, regex: globToRegExp(rule.path) });
    return installed;
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length !== before;
  }

  clear(): void {
    this.rules = [];
  }

  list(): InstalledFault[] {
    return this.rules.map(({ regex: _regex, ...rule }) => rule);
  }

  /**
   * Decides the fault for one request. The first matching rule that fires wins; a rule draws its
   * before-handling faults first, then its after-handling fault.
   */
  decide(method: string, path: string): FaultAction {
    let latencyMs = 0;
    for (const rule of this.rules) {
      if (!rule.regex.test(path)) continue;
      if (rule.methods && !rule.methods.includes(method.toUpperCase())) continue;
      latencyMs += rule.latencyMs;
      if (rule.times !== undefined && rule.fired >= rule.times) continue;
      const draw = this.random();
      let threshold = rule.dropRate;
      if (draw < threshold) {
        rule.fired++;
        return { type: "drop", latencyMs, ruleId: rule.id };
      }
      for (const [status, rate] of [
        [429, rule.rate429],
        [503, rule.rate503],
        [500, rule.rate500],
      ] as const) {
        threshold += rate;
        if (draw < threshold) {
          rule.fired++;
          const retryAfterSeconds = status === 500 ? undefined : rule.retryAfterSeconds;
          const { retryAfterFormat, dateSkewSeconds } = rule;
          return {
            type: "status",
            status,
            retryAfterSeconds,
            retryAfterFormat,
            dateSkewSeconds,
            latencyMs,
            ruleId: rule.id,
          };
        }
      }
      if (rule.afterHandling !== undefined && this.random() < rule.afterHandlingRate) {
        rule.fired++;
        return { type: "after", fault: rule.afterHandling, latencyMs, ruleId: rule.id };
      }
    }
    return { type: "none", latencyMs };
  }
}
