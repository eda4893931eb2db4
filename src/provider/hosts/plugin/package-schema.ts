/** Stand-in until the generated schema lands (w29-schema): the package's name and version only. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The package schema as JSON text. */
export function readPackageSchema(): string {
  let dir = __dirname;
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (json.name === "pulumi-travel")
        return readFileSync(join(dir, "schemas", "pulumi-package.json"), "utf8");
    } catch {
      // no package.json here
    }
    const up = join(dir, "..");
    if (up === dir) throw new Error("no package.json of pulumi-travel");
    dir = up;
  }
}
