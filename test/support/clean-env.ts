import { CREATE_JOURNAL_DIR_ENV } from "../../src/provider/operations/create-journal";

/**
 * The environment of a child process a test runs apart from its own: PATH and HOME, the
 * toolchain's run-time settings when it sets them (scripts/bootstrap: Node's compile cache, Go's
 * GOGC), the suite's temporary directory (scripts/test-all) and the file's journal of creates in
 * flight, so that a clean child still reuses the code Node compiled before, runs the Go tools as the
 * rest of the suite does, keeps its temporary files where the suite's are and never journals in the
 * user's cache. Nothing here changes what the child does.
 */
export function cleanEnv(): Record<string, string> {
  const { PATH = "", HOME = "", NODE_COMPILE_CACHE, GOGC, TMPDIR } = process.env;
  // The test file's own journal of creates in flight (shared-worker.ts), never the user's cache.
  const journal = process.env[CREATE_JOURNAL_DIR_ENV];
  return {
    PATH,
    HOME,
    ...(journal ? { [CREATE_JOURNAL_DIR_ENV]: journal } : {}),
    ...(NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE } : {}),
    ...(GOGC ? { GOGC } : {}),
    ...(TMPDIR ? { TMPDIR } : {}),
  };
}
