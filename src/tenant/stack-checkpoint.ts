/**
 * A stack's checkpoint as the provider process reads it during a run: `pulumi stack export` of the
 * stack, run where the engine started the provider (its working directory is the project's, its
 * environment names the backend and the passphrase), parsed as reconcile parses it. The file and
 * PostgreSQL backends answer it while a run of the same stack is under way.
 */
import { execFile } from "node:child_process";
import { parseStackExport, type StackContents } from "./stack-export";

/** The travel resources `stack`'s checkpoint holds; rejects naming why when it cannot be read. */
export function readStackCheckpoint(stack: string, cwd: string = process.cwd()): Promise<StackContents> {
  return new Promise((resolve, reject) => {
    execFile(
      "pulumi",
      ["stack", "export", "--stack", stack],
      { cwd, encoding: "utf8", maxBuffer: 512 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(`\`pulumi stack export --stack ${stack}\` failed: ${stderr.trim() || error.message}`),
          );
          return;
        }
        try {
          resolve(parseStackExport(stdout));
        } catch (parseError) {
          reject(parseError instanceof Error ? parseError : new Error(String(parseError)));
        }
      },
    );
  });
}
