/**
 * The token cache of a Pulumi run: the program (where lookups run) and each provider process the
 * engine starts for the run share one client-credentials token through a file, so a run requests
 * one token. The run is named by the engine's address, which the CLI hands to both: to the program
 * as `PULUMI_NODEJS_ENGINE`, to a provider as its first argument. `TRAVEL_TOKEN_CACHE=off` keeps
 * each process's token to itself; `TRAVEL_TOKEN_CACHE_DIR` moves the files (tests isolate by it).
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { ConfigError, type TokenFileCacheOptions } from "../../client";

/** The environment variable that turns the shared token cache off. */
export const TOKEN_CACHE_ENV = "TRAVEL_TOKEN_CACHE";

/** The environment variable naming another directory for the token files. */
export const TOKEN_CACHE_DIR_ENV = "TRAVEL_TOKEN_CACHE_DIR";

/**
 * Where this process shares its tokens with the rest of its run: undefined outside a Pulumi run
 * (no engine address) or with `TRAVEL_TOKEN_CACHE=off`.
 */
export function runTokenCache(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv,
): TokenFileCacheOptions | undefined {
  const setting = env[TOKEN_CACHE_ENV]?.toLowerCase();
  if (setting !== undefined && setting !== "" && setting !== "on" && setting !== "off")
    throw new ConfigError(`setting ${TOKEN_CACHE_ENV}: must be on or off (got ${JSON.stringify(setting)})`);
  if (setting === "off") return undefined;
  const scope = engineAddress(env, argv);
  return scope === undefined ? undefined : { dir: tokenCacheDir(env), scope };
}

/**
 * pulumi-travel's per-user cache directory: `$XDG_CACHE_HOME/pulumi-travel`, else
 * `~/.cache/pulumi-travel` (scripts/bootstrap keeps its builds there too).
 */
export function userCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== ""
      ? env.XDG_CACHE_HOME
      : join(homedir(), ".cache");
  return join(base, "pulumi-travel");
}

/**
 * The per-user directory of token files: `TRAVEL_TOKEN_CACHE_DIR`, else `tokens` in
 * {@link userCacheDir}.
 */
export function tokenCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env[TOKEN_CACHE_DIR_ENV];
  if (chosen !== undefined && chosen !== "") return chosen;
  return join(userCacheDir(env), "tokens");
}

const HOST_AND_PORT = /^[^\s/]+:\d+$/;

/** The engine address of the run this process serves: the program's variable, or a provider's first argument. */
function engineAddress(env: NodeJS.ProcessEnv, argv: readonly string[]): string | undefined {
  const fromProgram = env.PULUMI_NODEJS_ENGINE;
  if (fromProgram !== undefined && HOST_AND_PORT.test(fromProgram)) return fromProgram;
  const fromProvider = argv[2];
  return fromProvider !== undefined && HOST_AND_PORT.test(fromProvider) ? fromProvider : undefined;
}
