/**
 * The environment of a child process a test runs apart from its own: PATH and HOME, and Node's
 * compile cache when the toolchain sets one (scripts/bootstrap), so that a clean child still
 * reuses the code Node compiled before. Nothing here changes what the child does.
 */
export function cleanEnv(): Record<string, string> {
  const { PATH = "", HOME = "", NODE_COMPILE_CACHE } = process.env;
  return { PATH, HOME, ...(NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE } : {}) };
}
