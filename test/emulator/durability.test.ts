/**
 * Durable writes: an acknowledged write is on disk. In process, each 201 is checked against the
 * state file as soon as it arrives; across processes, a real emulator child is killed with SIGKILL
 * under 4 concurrent writers and every acknowledged company must be there after a restart.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../src/emulator/core/random";
import { CLI, FROM_SOURCE } from "../cli/harness";
import { emulatorFixture } from "./fixtures";
import { call } from "./helpers";
import { cleanEnv } from "../support/clean-env";

const companyBody = (name: string) => ({ name, billingCurrency: "USD", companyRoles: ["ORG"] });

function companiesOnDisk(stateFile: string): Record<string, unknown> {
  const state = JSON.parse(readFileSync(stateFile, "utf8")) as {
    collections: Record<string, Record<string, unknown>>;
  };
  return state.collections.companies ?? {};
}

describe("durable writes", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "emulator-durability-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("answers a write only once it is in the state file, grouping concurrent writes", async () => {
    const fx = await emulatorFixture({ tempStateFile: true });
    try {
      const { emu, token, stateFile = "" } = fx;
      const writesBefore = emu.persistence?.writeCount ?? 0;
      const checked = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const response = await call(emu, token, "POST", "/v2/companies", companyBody(`c${i}`));
          expect(response.statusCode, response.body).toBe(201);
          const id = response.json<{ id: string }>().id;
          // Read the file the moment the answer arrives: the company must already be there.
          return Object.hasOwn(companiesOnDisk(stateFile), id);
        }),
      );
      expect(checked.filter((onDisk) => !onDisk)).toEqual([]);
      const writes = (emu.persistence?.writeCount ?? 0) - writesBefore;
      // 40 concurrent creates (plus token bookkeeping) shared far fewer file writes than changes.
      expect(writes).toBeGreaterThan(0);
      expect(writes).toBeLessThan(40);
    } finally {
      await fx.close();
    }
  });

  // Not the fixture: a separate CLI process, so it can be killed with SIGKILL and restarted.
  describe("kill -9 of a real emulator process", () => {
    interface Started {
      child: ChildProcessWithoutNullStreams;
      url: string;
      clientId: string;
      clientSecret: string;
    }

    function startChild(stateFile: string): Promise<Started> {
      const child = spawn(
        process.execPath,
        ["--require", FROM_SOURCE, CLI, "emulator", "--port", "0", "--json", "--state-file", stateFile],
        {
          env: cleanEnv(),
        },
      );
      return new Promise((resolve, reject) => {
        let stdout = "";
        let stderr = "";
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          stdout += chunk;
          const line = stdout.split("\n")[0];
          if (stdout.includes("\n") && line)
            resolve({ child, ...(JSON.parse(line) as Omit<Started, "child">) });
        });
        child.on("exit", (code) =>
          reject(new Error(`emulator exited with ${code} before it started: ${stderr}`)),
        );
      });
    }

    function kill9(child: ChildProcessWithoutNullStreams): Promise<void> {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      });
    }

    async function token(started: Started): Promise<string> {
      const response = await fetch(`${started.url}/v2/auth/oauth2-token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: started.clientId,
          client_secret: started.clientSecret,
        }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { access_token: string }).access_token;
    }

    it("loses no acknowledged write across 8 kills under 4 concurrent writers", async () => {
      const stateFile = join(dir, "killed.json");
      const random = seededRandom(9);
      const acknowledged: string[] = [];
      const perRun: number[] = [];
      for (let run = 0; run < 8; run++) {
        const started = await startChild(stateFile);
        const bearer = await token(started);
        let stop = false;
        const writer = async (w: number) => {
          for (let i = 0; !stop; i++) {
            try {
              const response = await fetch(`${started.url}/v2/companies`, {
                method: "POST",
                headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
                body: JSON.stringify(companyBody(`run${run}-w${w}-${i}`)),
              });
              const body = (await response.json()) as { id?: string };
              if (response.status === 201 && body.id) acknowledged.push(body.id);
            } catch {
              return; // the process died: this write was never acknowledged
            }
          }
        };
        const writers = [0, 1, 2, 3].map(writer);
        const before = acknowledged.length;
        // Kill once writes flow (at least 10 acknowledged), at a seeded moment while they still do.
        while (acknowledged.length - before < 10) await new Promise((resolve) => setTimeout(resolve, 5));
        await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 150)));
        await kill9(started.child);
        stop = true;
        await Promise.all(writers);
        perRun.push(acknowledged.length - before);
      }
      const survivor = await startChild(stateFile);
      try {
        const state = (await (await fetch(`${survivor.url}/_emulator/state`)).json()) as {
          collections: { companies: Record<string, unknown> };
        };
        const lost = acknowledged.filter((id) => !Object.hasOwn(state.collections.companies, id));
        expect(
          perRun.every((n) => n > 0),
          `acknowledged writes per run: ${perRun.join(", ")}`,
        ).toBe(true);
        expect(lost).toEqual([]);
      } finally {
        await kill9(survivor.child);
      }
    }, 240_000);
  });
});
