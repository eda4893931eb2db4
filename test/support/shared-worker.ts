/**
 * Test files share their worker processes (vitest.config.mts: `isolate: false`, which spares a
 * fresh process per file), so what one file changes in the process must not reach the next: after
 * each file the environment and the working directory are put back as the file found them, and
 * the client's process-wide tokens are dropped. Each file has a journal of creates in flight of its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { clearSharedTokens } from "../../src/client/auth";
import { CREATE_JOURNAL_DIR_ENV } from "../../src/provider/operations/create-journal";

const env = { ...process.env };
const cwd = process.cwd();
// Each file's creates in flight are journaled apart, never in the user's cache
// (src/provider/operations/create-journal.ts).
const journal = mkdtempSync(join(tmpdir(), "travel-test-journal-"));
process.env[CREATE_JOURNAL_DIR_ENV] = journal;

afterAll(() => {
  rmSync(journal, { recursive: true, force: true });
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
  process.chdir(cwd);
  clearSharedTokens();
});
