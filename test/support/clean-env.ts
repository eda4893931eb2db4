/**
 * The environment of a child process a test runs apart from its own: PATH and HOME, and the
 * toolchain's run-time settings when it sets them (scripts/bootstrap: Node's compile cache, Go's
 * GOGC), so that a clean child still reuses the code Node compiled before and runs the Go tools as
 * the rest of the suite does. Nothing here changes what the child does.
 */
export function cleanEnv(): Record<string, string> {
  const { PATH = "", HOME = "", NODE_COMPILE_CACHE, GOGC } = process.env;
  return {
    PATH,
    HOME,
    ...(NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE } : {}),
    ...(GOGC ? { GOGC } : {}),
  };
}
