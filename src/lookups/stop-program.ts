/**
 * How a failed lookup `Output` ends a program the engine runs. Nothing in a program can catch an
 * `Output`'s failure, and every resource fed by it waits on it; the Node SDK, handed a rejected
 * `Output` that reaches the stack's exports, reports it only minutes later (170 s measured in a
 * two-resource preview), as a raw object dump. So the first failure is logged as one error line,
 * and the program exits as the SDK itself does after an error it has shown the person (code 32:
 * the language host then prints nothing more). Outside an engine run (a unit test, Pulumi's mocks)
 * the failure is thrown as it is.
 */
import * as log from "@pulumi/pulumi/log";

/** The exit code by which the Node SDK tells the language host the error is already shown. */
const ERROR_ALREADY_SHOWN = 32;

let stopping: Promise<never> | undefined;

/** True in a program the engine runs (the SDK's resource monitor address is set). */
const inEngineRun = () => (process.env.PULUMI_NODEJS_MONITOR ?? "") !== "";

/**
 * Ends the program with `error`'s message as its one error (later failures wait for that exit);
 * outside an engine run, rethrows it.
 */
export async function stopProgramOnFailure(error: unknown): Promise<never> {
  if (!inEngineRun()) throw error;
  stopping ??= (async (): Promise<never> => {
    await log.error(error instanceof Error ? error.message : String(error));
    process.exit(ERROR_ALREADY_SHOWN);
  })();
  return stopping;
}
