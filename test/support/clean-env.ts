/**
 * The environment of a child process a test runs apart from its own: PATH and HOME, the
 * toolchain's run-time settings when it sets them (scripts/bootstrap: Node's compile cache, Go's
 * GOGC), and the suite's temporary directory (scripts/test-all), so that a clean child still reuses
 * the code Node compiled before, runs the Go tools as the rest of the suite does and keeps its
 * temporary files where the suite's are. Nothing here changes what the child does.
 */
export function cleanEnv(): Record<string, string> {
  const { PATH = "", HOME = "", NODE_COMPILE_CACHE, GOGC, TMPDIR } = process.env;
  return {
    PATH,
    HOME,
    ...(NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE } : {}),
    ...(GOGC ? { GOGC } : {}),
    ...(TMPDIR ? { TMPDIR } : {}),
  };
}
