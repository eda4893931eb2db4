import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Test files run side by side, one per core (vitest's own default leaves one core idle, which on a
 * 2-core CI machine means one file at a time). Each e2e file has its own emulator, contract
 * recorder, `file://` backend and PULUMI_HOME where it installs plugins, so files share nothing but
 * the packed project that global-setup.ts installs once, and the worker processes they run in one
 * after another (test/support/shared-worker.ts puts back what a file changed in its process).
 * TRAVEL_TEST_WORKERS overrides the count.
 */
const workers = Number(process.env.TRAVEL_TEST_WORKERS ?? Math.max(2, availableParallelism()));

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: "fast",
          include: ["test/{unit,emulator,client,provider,car,cli,manifest,lookups}/**/*.test.ts"],
          testTimeout: 60_000,
          // Files run one after another in long-lived workers instead of a new process each (about
          // 80 s of CPU over this project).
          isolate: false,
          setupFiles: ["test/support/shared-worker.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/e2e/global-setup.ts"],
          isolate: false,
          setupFiles: ["test/support/shared-worker.ts"],
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
