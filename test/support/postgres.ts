/**
 * A private PostgreSQL server for Pulumi state, started by `scripts/postgres` in a temporary
 * directory: the shared backend of the concurrency e2e, the fleet e2e and the fleet bench. The
 * Pulumi CLI stores each stack's checkpoint and lock as rows of its `pulumi_state` table when
 * `PULUMI_BACKEND_URL` is the server's `postgres://` URL (see docs/backends.md).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { backendEnv } from "./file-stack";
import { repoRoot } from "./packed-project";

const run = promisify(execFile);

/** A running server from {@link startPostgres}. */
export interface PostgresServer {
  /** The Pulumi backend URL: `postgres://pulumi@127.0.0.1:<port>/pulumi?sslmode=disable`. */
  readonly url: string;
  /** The server's directory (data, log, port). */
  readonly dir: string;
  /** Runs one SQL statement in the backend's database; its rows, fields split on tabs. */
  query(sql: string): Promise<string[][]>;
  /** Stops the server and removes its directory; later calls do nothing. */
  stop(): Promise<void>;
}

/** Runs `scripts/postgres <command> <dir> ...` and returns its standard output. */
async function script(command: string, dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run("bash", [join(repoRoot(), "scripts", "postgres"), command, dir, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/**
 * Starts a server in `dir` (a new temporary directory when omitted) and returns it, once the
 * Pulumi CLI has opened it: the CLI creates its table on first use, and CLIs that open a fresh
 * database at the same moment collide there (`failed to create table pulumi_state: pq: duplicate
 * key value violates unique constraint "pg_type_typname_nsp_index"`). Starting the same directory
 * again returns the server already running there.
 */
export async function startPostgres(dir?: string): Promise<PostgresServer> {
  const home = dir ?? mkdtempSync(join(tmpdir(), "pulumi-travel-pg-"));
  const url = (await script("start", home)).trim();
  if (!url.startsWith("postgres://")) throw new Error(`scripts/postgres start printed no URL: ${url}`);
  await run("pulumi", ["stack", "ls", "--all"], { cwd: home, env: { ...process.env, ...backendEnv(url) } });
  let stopped = false;
  return {
    url,
    dir: home,
    query: async (sql) =>
      (await script("psql", home, "-AtF", "\t", "-c", sql))
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => line.split("\t")),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await script("stop", home);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The keys of the backend's lock rows (one per stack operation in progress). */
export async function lockKeys(server: PostgresServer): Promise<string[]> {
  const rows = await server.query(
    "SELECT key FROM pulumi_state WHERE key LIKE '%.pulumi/locks/%' ORDER BY key",
  );
  return rows.map(([key]) => key ?? "");
}
