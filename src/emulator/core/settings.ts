/** Tunable behaviour of the emulator: token lifetime, rate limits, quotas and cooldowns. */
import { z } from "zod";

/** Emulator settings, with the defaults the platform documents or most plausibly uses. */
export const settingsSchema = z
  .object({
    /** Lifetime of issued access tokens. */
    tokenTtlSeconds: z.number().int().positive().default(3600),
    /** Token requests allowed per client id (or remote address) per window, both token endpoints together. */
    tokenRateLimit: z
      .object({ limit: z.number().int().positive(), windowSeconds: z.number().int().positive() })
      .strict()
      .default({ limit: 30, windowSeconds: 60 }),
    /**
     * Platform API requests allowed per client id in any sliding one-second window; beyond it 429
     * with `Retry-After`. 0 (the default) turns the limit off. Token requests are not counted.
     */
    apiRateLimitPerSecond: z.number().int().min(0).max(100_000).default(0),
    /** API users per TMC. */
    apiUserQuota: z.number().int().positive().default(5),
    /** Cooldown between tenant key provisioning or rotation calls. */
    tenantKeyCooldownSeconds: z.number().int().min(0).default(3600),
    /**
     * The most items any list route answers per page, whatever page size is asked (with the true
     * total): a platform with a smaller page cap. null (the default): the page size asked.
     */
    maxPageItems: z.number().int().positive().nullable().default(null),
    /** Largest accepted request body. */
    bodyLimitBytes: z
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
  })
  .strict();

/** Validated settings. */
export type EmulatorSettings = z.output<typeof settingsSchema>;

/** Settings as a seed or caller may give them. */
export type EmulatorSettingsInput = z.input<typeof settingsSchema>;

/** The items a list route answers for a page of `asked` items: at most `maxPageItems`. */
export function pageLimit(settings: EmulatorSettings, asked: number): number {
  return Math.min(asked, settings.maxPageItems ?? asked);
}
