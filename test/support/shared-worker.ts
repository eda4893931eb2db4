/**
 * Test files share their worker processes (vitest.config.mts: `isolate: false`, which spares a
 * fresh process per file), so what one file changes in the process must not reach the next: after
 * each file the environment and the working directory are put back as the file found them, and
 * the client's process-wide tokens are dropped.
 */
import { afterAll } from "vitest";
import { clearSharedTokens } from "../../src/client/auth";

const env = { ...process.env };
const cwd = process.cwd();

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
  process.chdir(cwd);
  clearSharedTokens();
});
