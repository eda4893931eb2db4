/** The per-user cache of the repository's tools and builds (docs/toolchain.md). */
import { userCacheDir } from "../src/provider/operations/run-token-cache";

/**
 * The per-user cache scripts/bootstrap keeps its builds in: `PULUMI_TRAVEL_CACHE`, else
 * `pulumi-travel` in `XDG_CACHE_HOME` or `~/.cache`.
 */
export function toolCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.PULUMI_TRAVEL_CACHE;
  return chosen !== undefined && chosen !== "" ? chosen : userCacheDir(env);
}
