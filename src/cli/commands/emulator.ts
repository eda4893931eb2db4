/** `pulumi-travel emulator`: runs the platform emulator until interrupted. */
import type { Command } from "commander";
import { startEmulator } from "../../emulator";
import { UsageError } from "../cli-error";

/** Options of the emulator command. */
interface EmulatorCommandOptions {
  port: string;
  host: string;
  seed?: string;
  stateFile?: string;
  json?: boolean;
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
