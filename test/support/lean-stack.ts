/**
 * An Automation API stack that asks the CLI only what a test reads. After every `up`, `refresh`
 * and `destroy` the Automation API runs three more `pulumi` processes: `stack history` for the
 * run's summary and `stack output` twice for the outputs (masked and in plaintext). Each costs a
 * CLI start (about 0.3 s of CPU), and most tests read neither. Here the summary is the engine's own
 * summary event of the run, and the outputs are read from the CLI when a test first looks at them.
 */
import { execFileSync } from "node:child_process";
import {
  type EngineEvent,
  type LocalProgramArgs,
  LocalWorkspace,
  type LocalWorkspaceOptions,
  type OutputMap,
  PulumiCommand,
  type Stack,
  type UpdateKind,
  type UpdateSummary,
} from "@pulumi/pulumi/automation";

/** One `pulumi version` per test process, instead of one per workspace the tests create. */
let sharedCommand: Promise<PulumiCommand> | undefined;

/** The `pulumi` command every workspace of this process shares (pass it as `pulumiCommand`). */
function pulumiCommand(): Promise<PulumiCommand> {
  sharedCommand ??= PulumiCommand.get();
  return sharedCommand;
}

/** `LocalWorkspace.createStack` of a program on disk, made a {@link leanStack}. */
export async function createLeanStack(
  args: LocalProgramArgs,
  options: LocalWorkspaceOptions = {},
): Promise<Stack> {
  return leanStack(
    await LocalWorkspace.createStack(args, { pulumiCommand: await pulumiCommand(), ...options }),
  );
}

/** The operations whose result the Automation API completes with `stack history`. */
const SUMMARIZED = { up: "update", refresh: "refresh", destroy: "destroy" } as const satisfies Record<
  string,
  UpdateKind
>;

/** `stack`, changed in place so that its runs start no CLI process but the run itself. */
function leanStack(stack: Stack): Stack {
  let last: { kind: UpdateKind; startTime: Date; event?: EngineEvent["summaryEvent"] } | undefined;
  for (const [method, kind] of Object.entries(SUMMARIZED) as [keyof typeof SUMMARIZED, UpdateKind][]) {
    const run = stack[method].bind(stack) as (opts?: { onEvent?: (event: EngineEvent) => void }) => unknown;
    Object.assign(stack, {
      [method]: (opts?: { onEvent?: (event: EngineEvent) => void }) => {
        const current: NonNullable<typeof last> = { kind, startTime: new Date() };
        last = current;
        return run({
          ...opts,
          onEvent: (event: EngineEvent) => {
            if (event.summaryEvent) current.event = event.summaryEvent;
            opts?.onEvent?.(event);
          },
        });
      },
    });
  }
  const history = stack.info.bind(stack);
  stack.info = async (showSecrets?: boolean): Promise<UpdateSummary | undefined> => {
    // A run without a summary event (none is known to end so) falls back to the CLI's history.
    if (last?.event === undefined) return history(showSecrets);
    const { kind, startTime, event } = last;
    last = undefined;
    const summary = {
      kind,
      result: "succeeded",
      resourceChanges: event.resourceChanges,
      startTime,
      endTime: new Date(),
      message: "",
      environment: {},
      config: {},
    } as Omit<UpdateSummary, "version">;
    // The history's sequence number is not in the run's events: reading it fails instead of lying.
    return Object.defineProperty(summary, "version", {
      get: () => {
        throw new Error("leanStack: a run's summary has no history version; read stack.history()");
      },
    }) as UpdateSummary;
  };
  stack.outputs = async () => lazyOutputs(() => readOutputs(stack));
  return stack;
}

/** The stack's outputs as the Automation API gives them, read with two synchronous CLI runs. */
function readOutputs(stack: Stack): OutputMap {
  const workspace = stack.workspace as LocalWorkspace;
  const read = (...flags: string[]) =>
    JSON.parse(
      execFileSync(
        workspace.pulumiCommand.command,
        ["stack", "output", "--json", ...flags, "--stack", stack.name],
        {
          cwd: workspace.workDir,
          env: {
            ...process.env,
            ...workspace.envVars,
            ...(workspace.pulumiHome ? { PULUMI_HOME: workspace.pulumiHome } : {}),
          },
          encoding: "utf8",
          maxBuffer: 64 << 20,
        },
      ),
    ) as Record<string, unknown>;
  const masked = read();
  return Object.fromEntries(
    Object.entries(read("--show-secrets")).map(([key, value]) => [
      key,
      { value, secret: masked[key] === "[secret]" },
    ]),
  );
}

/**
 * An object that reads the outputs the first time a test looks into it. `then` is answered without
 * reading, so awaiting the object (as `await stack.outputs()` does) costs nothing.
 */
function lazyOutputs(read: () => OutputMap): OutputMap {
  let outputs: OutputMap | undefined;
  const loaded = () => (outputs ??= read());
  const empty: OutputMap = {};
  return new Proxy(empty, {
    get: (_target, key): unknown => (key === "then" ? undefined : Reflect.get(loaded(), key)),
    has: (_target, key) => Reflect.has(loaded(), key),
    ownKeys: () => Reflect.ownKeys(loaded()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(loaded(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
