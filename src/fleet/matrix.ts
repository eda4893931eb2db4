/**
 * `fleet matrix`: the fleet's stacks as a CI job matrix, optionally only the tenants a change
 * touched, and optionally one shard of it (a GitHub Actions matrix expands to at most 256 jobs, a
 * GitLab `parallel:matrix` to at most 200: a bigger fleet is split into several jobs).
 */
import { resolve, sep } from "node:path";
import { type FleetLayout, fleetStacks } from "./layout";

/** One job of the matrix: a tenant in an environment. */
export interface MatrixEntry {
  tenant: string;
  env: string;
  stack: string;
}

/** One shard of `count`: `index` from 1. */
export interface Shard {
  index: number;
  count: number;
}

/** Which stacks the matrix lists. */
export interface MatrixOptions {
  /**
   * Absolute paths of changed files: only tenants with a changed file in their folder are listed
   * (a deleted tenant's folder is gone, so it has no stack to list).
   */
  changed?: readonly string[] | undefined;
  /** Absolute paths (files or folders) whose change selects every tenant: the program, the lock file. */
  allIfChanged?: readonly string[] | undefined;
  /** Only these environments. */
  envs?: readonly string[] | undefined;
  /** Only this contiguous slice of the list (a tenant's environments stay together when they fit). */
  shard?: Shard | undefined;
}

const isUnder = (path: string, dir: string) => path === dir || path.startsWith(`${dir}${sep}`);

/** The matrix's entries, sorted by tenant then environment. */
export function fleetMatrix(layout: FleetLayout, options: MatrixOptions = {}): MatrixEntry[] {
  const { changed, allIfChanged = [], envs, shard } = options;
  const everything =
    changed === undefined || changed.some((path) => allIfChanged.some((dir) => isUnder(path, dir)));
  const touched = (tenantDir: string) =>
    everything || (changed ?? []).some((path) => isUnder(path, tenantDir));
  const tenantDirs = new Map(layout.tenants.map((tenant) => [tenant.name, resolve(tenant.dir)]));
  const entries = fleetStacks(layout)
    .filter(({ tenant }) => touched(tenantDirs.get(tenant) ?? ""))
    .filter(({ env }) => envs === undefined || envs.includes(env))
    .map(({ tenant, env, stack }) => ({ tenant, env, stack }));
  if (shard === undefined) return entries;
  const size = Math.ceil(entries.length / shard.count);
  return entries.slice((shard.index - 1) * size, shard.index * size);
}

/** Parses `--shard <index>/<count>` (`2/4`); throws naming the reason. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new Error(`--shard: "${text}" is not <index>/<count> with 1 <= index <= count (such as 1/2)`);
  return { index, count };
}

/** The matrix for GitHub Actions: `strategy.matrix: ${{ fromJSON(...) }}`. */
export function githubMatrix(entries: readonly MatrixEntry[]): { include: MatrixEntry[] } {
  return { include: [...entries] };
}

/** The matrix for a GitLab `parallel:matrix`: one job per entry, as CI variables. */
export function gitlabMatrix(
  entries: readonly MatrixEntry[],
): { TENANT: string; ENV: string; STACK: string }[] {
  return entries.map(({ tenant, env, stack }) => ({ TENANT: tenant, ENV: env, STACK: stack }));
}
