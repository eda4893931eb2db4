/** Errors of the program's process: no frames into this package (whose src/*.ts it does not ship). */
import { describe, expect, it } from "vitest";
import { assertKnownKeys } from "../../src/provider/hosts/dynamic/duplicate-index";
import { userFrames } from "../../src/provider/hosts/dynamic/program-error";

describe("program errors", () => {
  it("keeps the user's frames and drops the package's and Node's", () => {
    const stack = [
      "Error: boom",
      "    at check (/p/node_modules/pulumi-travel/src/resources/arm-link.ts:49:13)",
      "    at new OptionGroup (/p/node_modules/pulumi-travel/dist/src/resources/option-group.js:219:43)",
      "    at Object.<anonymous> (/p/stack/index.js:27:5)",
      "    at Module._compile (node:internal/modules/cjs/loader:1781:14)",
      "    at node:internal/main/run_main_module:36:49",
    ].join("\n");
    expect(userFrames(stack, "Error: boom", "/p/node_modules/pulumi-travel/")).toBe(
      "Error: boom\n    at Object.<anonymous> (/p/stack/index.js:27:5)",
    );
  });

  it("throws with the message and no frame into the package", () => {
    let thrown: unknown;
    try {
      assertKnownKeys("CostCenter", "cc", { numberOfEmploees: 5 }, ["name"]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    const { message, stack } = thrown as Error;
    expect(message).toBe('CostCenter "cc": numberOfEmploees is not a known property');
    expect(stack).toMatch(/^Error: CostCenter "cc": numberOfEmploees is not a known property\n/);
    // Here the test itself is inside the package: every frame of the repository is left out.
    expect(stack).not.toMatch(/\/src\/provider\/|\/test\/unit\/|node:internal/);
  });
});
