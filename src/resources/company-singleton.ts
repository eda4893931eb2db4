/** The replace rule shared by a company's singleton settings (its features, its per-trip charge). */
import type { ReplaceRules } from "../provider/kit";

/**
 * A company's singleton is replaced when its company changes, and the old resource goes first: the
 * replacement writes the same document the old resource's delete removes (docs/reliability.md).
 */
export const SINGLETON_REPLACEMENT = {
  replaceOn: ["companyId"],
  deleteBeforeReplace: true,
} as const satisfies ReplaceRules<{ companyId: string }>;
