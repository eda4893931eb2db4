/**
 * examples/go-tenant as a new user runs it: a new directory outside the repository, the package the
 * e2e setup installed from its tarball (linked in: yaml-tenant.test.ts and readme-quick-start.test.ts
 * prove the npm install itself), `npx pulumi-travel plugin install` into a PULUMI_HOME of its own,
 * the example copied out of the installed package with its `replace` pointed at the package's
 * generated Go SDK (node_modules/pulumi-travel/sdk/go), and the real Pulumi CLI with the Go
 * language host against the emulator (through a contract recorder). Two engine commands, each
 * building and running the Go program: up, asserted on the platform, and a preview with no changes
 * and no writes. What follows a deployment (a change made on the platform refreshed and undone by
 * `up`, destroy) is the provider plugin's work, not the Go SDK's: yaml-tenant.test.ts proves it
 * through the same plugin, on a superset of this example's types.
 *
 * Go compiles the program at each `up` and preview. The generated SDK and Pulumi's Go SDK come
 * from Go's build cache, which scripts/bootstrap warms with GOFLAGS=-trimpath (this file builds
 * with it too, so the cache entries do not depend on the directory the SDK sits in).
 */
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { findOnPath } from "../support/on-path";
import { exampleTenantE2e } from "./example-tenant";
import { e2eSkipReason } from "./harness";

const SDK_MODULE = "github.com/pulumi-travel/pulumi-travel/sdk/go";

/** Why this file cannot run here: the e2e suite's reason, or no Go toolchain or Go language host. */
function skipReason(): string {
  const suite = e2eSkipReason();
  if (suite !== "") return suite;
  const missing = ["go", "pulumi-language-go"].filter((program) => findOnPath(program) === undefined);
  if (missing.length === 0) return "";
  const reason = `${missing.join(", ")} not found on PATH; install Go and run scripts/bootstrap`;
  if (process.env.CI === "true") throw new Error(`CI=true: the Go e2e needs ${reason}`);
  return reason;
}

describe.skipIf(skipReason() !== "")(
  "examples/go-tenant on the generated Go SDK, as a new user runs it",
  () => {
    const e2e = exampleTenantE2e("go-tenant", {
      // The build cache entries scripts/bootstrap made are directory-independent with -trimpath.
      GOFLAGS: `${process.env.GOFLAGS ?? ""} -trimpath -mod=readonly`.trim(),
      GOTOOLCHAIN: "local",
    });

    it("installs the plugin from the package, and deploys the example", async () => {
      const start = Date.now();
      await e2e.project.linkPackedInstall(inject("packedProjectDir"));
      console.log(`go-tenant: plugin installed: ${Math.round((Date.now() - start) / 1000)} s`);
      const installed = join(e2e.project.dir, "node_modules", "pulumi-travel");
      cpSync(join(installed, "examples", "go-tenant"), e2e.project.dir, { recursive: true });
      await e2e.run("go", ["mod", "edit", `-replace=${SDK_MODULE}=./node_modules/pulumi-travel/sdk/go`]);
      expect(readFileSync(join(e2e.project.dir, "go.mod"), "utf8")).toContain(
        `${SDK_MODULE} => ./node_modules/pulumi-travel/sdk/go`,
      );
      await e2e.deploy();
    });

    it("previews no changes on a second run, writing nothing to the platform", async () => {
      await e2e.previewNoChanges();
    });
  },
);
