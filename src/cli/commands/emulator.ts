/** `pulumi-travel emulator`: runs the platform emulator until interrupted. */
import type { Command } from "commander";
import { VARIATION_FAMILIES, type VariationFamily } from "../../contract";
import { startEmulator } from "../../emulator";
import { CliError, UsageError } from "../cli-error";
import { type CommandExits, exitCodesHelp } from "../exit-codes";

/** The exit codes `emulator` can return. */
export const EMULATOR_EXITS: CommandExits = [
  ["ok", "stopped by Ctrl-C (SIGINT) or SIGTERM"],
  "failure",
  ["usage", "wrong usage, such as a --port that is not a port number"],
  "portInUse",
];

/** Options of the emulator command. */
interface EmulatorCommandOptions {
  port: string;
  host: string;
  seed?: string;
  stateFile?: string;
  json?: boolean;
  responseVariation?: string;
}

/** Registers the `emulator` command. */
export function registerEmulatorCommand(program: Command): void {
  program
    .command("emulator")
    .description("run the travel platform emulator (a local stand-in for the platform API) until interrupted")
    .option("-p, --port <port>", "TCP port (0 picks a free one)", "4010")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--seed <file>", "YAML or JSON seed: TMC, API users, companies, settings")
    .option("--state-file <file>", "persist state to this JSON file (loaded at start when it exists)")
    .option("--json", "print the URL and bootstrap credentials as one JSON line")
    .option(
      "--response-variation <seed[:families]>",
      "answer in varied forms the vendor's schemas accept, from this seed (families: comma-separated, default all but omitOptional)",
    )
    .addHelpText("after", exitCodesHelp(EMULATOR_EXITS))
    .action(async (options: EmulatorCommandOptions) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new UsageError(`--port must be an integer from 0 to 65535, got ${options.port}`);
      }
      const emulator = await startEmulator({
        port,
        host: options.host,
        seed: options.seed,
        stateFile: options.stateFile,
        responseVariation: variationOption(options.responseVariation),
      }).catch((error: unknown) => {
        throw isAddressInUse(error) ? new PortInUseError(options.host, port, error) : error;
      });
      const { tmcId, clientId, clientSecret } = emulator.bootstrap;
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ url: emulator.url, tmcId, clientId, clientSecret })}\n`);
      } else {
        process.stdout.write(
          [
            `travel platform emulator listening on ${emulator.url}`,
            `  TMC id:         ${tmcId}`,
            `  client id:      ${clientId}`,
            `  client secret:  ${clientSecret}   (bootstrap TMC admin; emulator only)`,
            `  admin API:      ${emulator.url}/_emulator (see docs/emulator.md)`,
            options.stateFile ? `  state file:     ${options.stateFile}` : "  state:          in memory",
            "press Ctrl-C to stop",
            "",
          ].join("\n"),
        );
      }
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      await emulator.close();
    });
}

/** `--response-variation 42` or `42:omitOptional,shuffleUnordered` as a setting. */
function variationOption(
  text: string | undefined,
): { seed: number; families?: VariationFamily[] } | undefined {
  if (text === undefined) return undefined;
  const [seedText = "", familiesText] = text.split(":");
  const seed = Number(seedText);
  if (!/^\d+$/.test(seedText) || seed > 0xffffffff)
    throw new UsageError(`--response-variation needs a seed from 0 to 4294967295, got ${seedText}`);
  const families = familiesText?.split(",").filter((family) => family !== "");
  const unknown = families?.filter((family) => !(VARIATION_FAMILIES as readonly string[]).includes(family));
  if (unknown && unknown.length > 0)
    throw new UsageError(
      `--response-variation: unknown families ${unknown.join(", ")} (known: ${VARIATION_FAMILIES.join(", ")})`,
    );
  return families && families.length > 0 ? { seed, families: families as VariationFamily[] } : { seed };
}

/** The port the emulator should listen on is taken; exit code 10. */
export class PortInUseError extends CliError {
  constructor(host: string, port: number, cause: unknown) {
    super(
      "port_in_use",
      `cannot listen on ${host}:${port}: the port is in use by another program (another emulator?). ` +
        `Stop that program, or choose another port: --port <port>, or --port 0 for a free one`,
      { cause },
    );
    this.name = "PortInUseError";
  }
}

/** True when `error` is the system's "address already in use" (`EADDRINUSE`). */
function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === "EADDRINUSE";
}
