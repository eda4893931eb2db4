/**
 * An Automation API stack that asks the CLI only what a test reads. After every `up`, `refresh`
 * and `destroy` the Automation API runs three more `pulumi` processes: `stack history` for the
 * run's summary and `stack output` twice for the outputs (masked and in plaintext), and one for
 * each config change. Each costs a CLI start (0.2 s of CPU, 0.4 s with a secret: the CLI derives
 * the passphrase's key again), and most tests read neither. Here the summary is the engine's own
 * summary event of the run; the outputs are read with one `stack export` when a test first looks
 * at them; config is written into the stack's settings file, as `LocalWorkspace` writes its stack
 * settings; and secrets are encrypted and decrypted in this process (test/support/state-secrets.ts),
 * for config, outputs and `exportStack` alike.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  type ConfigMap,
  type Deployment,
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
import { type PassphraseSecrets, passphraseSecrets } from "./passphrase-secrets";
import {
  type ExportedDeployment,
  isStateSecret,
  revealDocument,
  revealValue,
  stateDecrypter,
  UnreadableState,
} from "./state-secrets";

/** One `pulumi version` per test process, instead of one per workspace the tests create. */
let sharedCommand: Promise<PulumiCommand> | undefined;

/** The `pulumi` command every workspace of this process shares (pass it as `pulumiCommand`). */
function pulumiCommand(): Promise<PulumiCommand> {
  sharedCommand ??= PulumiCommand.get();
  return sharedCommand;
}

/**
 * `LocalWorkspace.createStack` of a program on disk, made a {@link leanStack}. A new stack with a
 * passphrase gets the salt of this process's key in its settings (`pulumi stack init` keeps it).
 */
export async function createLeanStack(
  args: LocalProgramArgs,
  options: LocalWorkspaceOptions = {},
): Promise<Stack> {
  const passphrase = options.envVars?.PULUMI_CONFIG_PASSPHRASE;
  const salted =
    passphrase !== undefined && options.secretsProvider === undefined && !hasSettingsFile(args)
      ? { [args.stackName]: { encryptionSalt: passphraseSecrets(passphrase).encryptionSalt } }
      : {};
  return leanStack(
    await LocalWorkspace.createStack(args, {
      pulumiCommand: await pulumiCommand(),
      ...options,
      stackSettings: { ...salted, ...options.stackSettings },
    }),
  );
}

/** Whether the program's directory has a settings file of the stack (`LocalWorkspace` looks for these). */
function hasSettingsFile({ workDir, stackName }: LocalProgramArgs): boolean {
  const name = stackName.split("/").pop() ?? stackName;
  return [".yaml", ".yml", ".json"].some((ext) => existsSync(join(workDir, `Pulumi.${name}${ext}`)));
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
  const setAllByCli = stack.setAllConfig.bind(stack);
  stack.setAllConfig = async (config: ConfigMap, path?: boolean) => {
    if (path || !(await writeConfig(stack, config))) await setAllByCli(config, path);
  };
  stack.setConfig = (key, value, path) => stack.setAllConfig({ [key]: value }, path);
  const exportByCli = stack.exportStack.bind(stack);
  stack.exportStack = () => exportRevealed(stack, exportByCli);
  return stack;
}

/** The passphrase the stack's CLI runs get: the workspace's, else this process's. */
function passphraseOf(workspace: LocalWorkspace): string | undefined {
  return workspace.envVars.PULUMI_CONFIG_PASSPHRASE ?? process.env.PULUMI_CONFIG_PASSPHRASE;
}

/**
 * Writes `config` into the stack's settings file as `pulumi config set` does: a key without a
 * namespace gets the project's, a secret is stored `secure`. False, having written nothing, when
 * only the CLI can: no settings file, settings elsewhere (`stackConfigDir`), a legacy
 * `ns:config:name` key, or a secret without the passphrase's salt.
 */
async function writeConfig(stack: Stack, config: ConfigMap): Promise<boolean> {
  const workspace = stack.workspace as LocalWorkspace;
  const project = await workspace.projectSettings();
  if ("stackConfigDir" in project || !hasSettingsFile({ workDir: workspace.workDir, stackName: stack.name }))
    return false;
  const settings = await workspace.stackSettings(stack.name);
  const entries = Object.entries(config);
  if (entries.some(([key]) => key.includes(":config:"))) return false;
  let secrets: PassphraseSecrets | undefined;
  if (entries.some(([, value]) => value.secret)) {
    const passphrase = passphraseOf(workspace);
    const { encryptionSalt, secretsProvider = "passphrase" } = settings;
    if (passphrase === undefined || encryptionSalt === undefined || secretsProvider !== "passphrase")
      return false;
    secrets = passphraseSecrets(passphrase, encryptionSalt);
  }
  const written = { ...settings.config };
  for (const [key, { value, secret }] of entries) {
    const fullKey = key.includes(":") ? key : `${project.name}:${key}`;
    written[fullKey] = secret && secrets ? { secure: secrets.encrypt(value) } : value;
  }
  await workspace.saveStackSettings(stack.name, { ...settings, config: written });
  return true;
}

/** The command and options of a `pulumi` run in the stack's workspace, as its own runs get them. */
function cliRun(stack: Stack, args: string[]) {
  const workspace = stack.workspace as LocalWorkspace;
  return {
    command: workspace.pulumiCommand.command,
    args: [...args, "--stack", stack.name],
    options: {
      cwd: workspace.workDir,
      env: {
        ...process.env,
        ...workspace.envVars,
        ...(workspace.pulumiHome ? { PULUMI_HOME: workspace.pulumiHome } : {}),
      },
      encoding: "utf8" as const,
      maxBuffer: 64 << 20,
    },
  };
}

/** The stdout of a synchronous `pulumi` run of the stack's workspace, parsed as JSON. */
function readJson(stack: Stack, args: string[]): unknown {
  const run = cliRun(stack, args);
  return JSON.parse(execFileSync(run.command, run.args, run.options));
}

/** The stdout of a `pulumi` run of the stack's workspace, parsed as JSON. */
async function readJsonAsync(stack: Stack, args: string[]): Promise<unknown> {
  const run = cliRun(stack, args);
  return JSON.parse((await promisify(execFile)(run.command, run.args, run.options)).stdout);
}

/**
 * The stack's outputs as the Automation API gives them: the root resource's outputs of one
 * `stack export`, its secrets decrypted here. A state this process cannot read (another secrets
 * provider, an asset or resource reference among the outputs) is read as the Automation API
 * reads it, with `stack output` masked and in plaintext.
 */
function readOutputs(stack: Stack): OutputMap {
  const { deployment } = readJson(stack, ["stack", "export"]) as { deployment: ExportedDeployment };
  const decrypt = stateDecrypter(deployment, passphraseOf(stack.workspace as LocalWorkspace));
  const root = deployment.resources?.find(
    (resource) => resource.type === "pulumi:pulumi:Stack" && !resource.parent,
  );
  try {
    return Object.fromEntries(
      Object.entries(root?.outputs ?? {}).map(([key, value]) => [
        key,
        { value: revealValue(value, decrypt), secret: isStateSecret(value) },
      ]),
    );
  } catch (error) {
    if (!(error instanceof UnreadableState)) throw error;
  }
  const masked = readJson(stack, ["stack", "output", "--json"]) as Record<string, unknown>;
  const plain = readJson(stack, ["stack", "output", "--json", "--show-secrets"]) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(plain).map(([key, value]) => [key, { value, secret: masked[key] === "[secret]" }]),
  );
}

/**
 * `stack export --show-secrets` as the Automation API's `exportStack` runs it, but with the
 * secrets decrypted here; a state this process cannot read is exported by the CLI.
 */
async function exportRevealed(stack: Stack, exportByCli: () => Promise<Deployment>): Promise<Deployment> {
  const exported = (await readJsonAsync(stack, ["stack", "export"])) as Deployment;
  const decrypt = stateDecrypter(
    exported.deployment as ExportedDeployment,
    passphraseOf(stack.workspace as LocalWorkspace),
  );
  try {
    return revealDocument(exported, decrypt) as Deployment;
  } catch (error) {
    if (!(error instanceof UnreadableState)) throw error;
    return exportByCli();
  }
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
