/**
 * The `pulumi-travel` command itself, through its entry point in a child process: the version,
 * every command's exit codes in its `--help`, the emulator on a taken port, and a reader that closes
 * the pipe early.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAR_EXITS } from "../../src/cli/commands/car";
import { EMULATOR_EXITS } from "../../src/cli/commands/emulator";
import { EXPORT_EXITS } from "../../src/cli/commands/export";
import { FLEET_EXITS } from "../../src/cli/commands/fleet";
import { MIGRATE_EXITS } from "../../src/cli/commands/migrate";
import { PLUGIN_EXITS } from "../../src/cli/commands/plugin";
import { RECONCILE_EXITS } from "../../src/cli/commands/reconcile";
import { VALIDATE_EXITS } from "../../src/cli/commands/validate";
import { ALL_EXITS, type CommandExits, EXIT, EXIT_MEANINGS } from "../../src/cli/exit-codes";
import { COMMAND_NAMES } from "../../src/cli/main";
import { CLI, FROM_SOURCE, ROOT, runNode } from "./harness";

const cli = (args: string[]) => runNode(CLI, args, {});

/** The codes listed under `Exit codes:` in a help text. */
function listedCodes(help: string): number[] {
  const section = help.slice(help.indexOf("Exit codes:\n"));
  return [...section.matchAll(/^ {1,3}(\d+) {2}\S/gm)].map((match) => Number(match[1]));
}

const codesOf = (exits: CommandExits) =>
  exits.map((exit) => EXIT[typeof exit === "string" ? exit : exit[0]]).sort((a, b) => a - b);

describe("pulumi-travel", () => {
  it("ends quietly with 0 when its reader closes the pipe, as `emulator --help | head -1` does", async () => {
    const child = spawn(process.execPath, ["--require", FROM_SOURCE, CLI, "emulator", "--help"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    // The read end closes before the first line is written: every write meets EPIPE.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.on("close", done));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  it("prints the version of its package.json with --version and -V", async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    for (const flag of ["--version", "-V"]) {
      const { code, stdout } = await cli([flag]);
      expect(code).toBe(0);
      expect(stdout).toBe(`${version}\n`);
    }
  });

  it("lists every exit code in the top-level --help", async () => {
    const { code, stdout } = await cli(["--help"]);
    expect(code).toBe(0);
    expect(listedCodes(stdout)).toEqual(ALL_EXITS.map((name) => EXIT[name]));
    expect(stdout).toContain("-V, --version");
  });

  it("refuses a migrate --to it has no program for, with the usage code, before running pulumi", async () => {
    const { code, stderr } = await cli(["migrate", "--stack", "s", "--out", "unused", "--to", "go"]);
    expect(code).toBe(EXIT.usage);
    expect(stderr).toContain('--to must be one of yaml, typescript (got "go")');
  });

  it("names every format of export in the top-level --help", async () => {
    const { stdout } = await cli(["--help"]);
    const exportLine = stdout.slice(stdout.indexOf("  export "), stdout.indexOf("  fleet "));
    expect(exportLine.replace(/\s+/g, " ")).toMatch(/--format typescript.*--format yaml-program/);
  });

  const commands: Record<string, CommandExits> = {
    emulator: EMULATOR_EXITS,
    car: CAR_EXITS,
    validate: VALIDATE_EXITS,
    reconcile: RECONCILE_EXITS,
    export: EXPORT_EXITS,
    fleet: FLEET_EXITS,
    migrate: MIGRATE_EXITS,
    plugin: PLUGIN_EXITS,
  };

  it("has a list of exit codes for every command it registers", () => {
    expect([...COMMAND_NAMES].sort()).toEqual(Object.keys(commands).sort());
  });

  it.each(Object.entries(commands))(
    "lists the exit codes %s can return in its --help",
    async (name, exits) => {
      const { code, stdout } = await cli([name, "--help"]);
      expect(code).toBe(0);
      expect(listedCodes(stdout)).toEqual(codesOf(exits));
    },
  );

  it("has docs/cli.md's exit-code table say what the table and each command's list say", () => {
    const rows = readFileSync(join(ROOT, "docs", "cli.md"), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("| code |") || /^\| \d+ /.test(line))
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const [header, ...codes] = rows;
    const columns = header?.slice(2) ?? [];
    expect([...columns].sort()).toEqual(Object.keys(commands).sort());
    expect(codes).toEqual(
      ALL_EXITS.map((name) => [
        String(EXIT[name]),
        EXIT_MEANINGS[name],
        ...columns.map((command) => (codesOf(commands[command] ?? []).includes(EXIT[name]) ? "✓" : "")),
      ]),
    );
  });

  it("lists the car exit codes in the --help of each car subcommand", async () => {
    const { stdout } = await cli(["car", "cancel", "--help"]);
    expect(listedCodes(stdout)).toEqual(codesOf(CAR_EXITS));
  });

  describe("emulator on a port another program holds", () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer();
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("exits with the port-in-use code, naming the port and what to do", async () => {
      const { code, stdout, stderr } = await cli(["emulator", "--port", String(port)]);
      expect(code).toBe(EXIT.portInUse);
      expect(code).toBe(10);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        `pulumi-travel: cannot listen on 127.0.0.1:${port}: the port is in use by another program (another emulator?). ` +
          "Stop that program, or choose another port: --port <port>, or --port 0 for a free one\n",
      );
    });
  });
});
