/**
 * The token cache a run's processes share, against the live emulator: a second process (here: the
 * process-wide slots cleared) takes the first one's token instead of requesting one; a token about
 * to expire, another secret's, another run's, or a file others may read is never used; a 401 on a
 * cached token drops the file and fetches once; a process waits for the token another is fetching
 * (the lock), and takes over a lock left by a process that died; the files are 0600 in a 0700
 * directory; no token reaches a log line; `TRAVEL_TOKEN_CACHE=off` and a process outside a run
 * share nothing.
 */
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  apiPath,
  clearSharedTokens,
  createLineLogger,
  TOKEN_PATH,
  type TokenFileCacheOptions,
  TravelClient,
  type TravelClientOptions,
} from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { runTokenCache, tokenCacheDir } from "../../src/provider/operations/run-token-cache";
import { requestToken } from "../support/live-emulator";
import { clientFor, liveEmulator } from "./harness";

const TOKEN_ROUTE = `POST ${TOKEN_PATH}`;
const posix = process.platform !== "win32";

describe("the token cache of a run", () => {
  let emulator: RunningEmulator;
  let root: string;
  let cache: TokenFileCacheOptions;
  const clients: TravelClient[] = [];

  beforeAll(async () => {
    emulator = await liveEmulator();
    root = mkdtempSync(join(tmpdir(), "travel-token-cache-"));
  });
  afterAll(async () => {
    await emulator?.close();
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    clearSharedTokens();
    cache = { dir: mkdtempSync(join(root, "run-")) + "/tokens", scope: "127.0.0.1:40001" };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  /** A client of one "process": the process-wide token slots are cleared first. */
  const processClient = (options: Partial<TravelClientOptions> = {}): TravelClient => {
    clearSharedTokens();
    const client = clientFor(emulator, { tokenCache: cache, ...options });
    clients.push(client);
    return client;
  };
  const tokenRequestsDuring = async (step: () => Promise<unknown>): Promise<number> => {
    const before = emulator.admin.lastRequestSeq;
    await step();
    return emulator.admin.requestCounts(before)[TOKEN_ROUTE] ?? 0;
  };
  const companies = (client: TravelClient) => client.get(apiPath`/v2/companies`);
  const tokenFiles = () => readdirSync(cache.dir).filter((name) => name.endsWith(".json"));
  const tokenInFile = () =>
    JSON.parse(readFileSync(join(cache.dir, tokenFiles()[0] ?? ""), "utf8")) as Record<string, unknown>;

  it("a second process of the run takes the first one's token: one token request for both", async () => {
    expect(await tokenRequestsDuring(() => companies(processClient()))).toBe(1);
    expect(await tokenRequestsDuring(() => companies(processClient()))).toBe(0);
    expect(readdirSync(cache.dir).filter((name) => !name.endsWith(".json"))).toEqual([]);
    expect(tokenFiles()).toHaveLength(1);
    const file = tokenInFile();
    expect(typeof file.accessToken).toBe("string");
    expect(file.expiresAtMs).toBeGreaterThan(Date.now() + 60_000);
  });

  it.runIf(posix)(
    "writes the token file 0600 in a 0700 directory, and tightens a directory it finds open",
    async () => {
      await companies(processClient());
      expect(statSync(cache.dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(cache.dir, tokenFiles()[0] ?? "")).mode & 0o777).toBe(0o600);
      chmodSync(cache.dir, 0o755);
      rmSync(join(cache.dir, tokenFiles()[0] ?? ""));
      await companies(processClient());
      expect(statSync(cache.dir).mode & 0o777).toBe(0o700);
    },
  );

  it.runIf(posix)("never uses a token file that others may read", async () => {
    await companies(processClient());
    const file = join(cache.dir, tokenFiles()[0] ?? "");
    chmodSync(file, 0o644);
    expect(await tokenRequestsDuring(() => companies(processClient()))).toBe(1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("fetches anew when the shared token has 60 s or less to live", async () => {
    await companies(processClient());
    const file = join(cache.dir, tokenFiles()[0] ?? "");
    writeFileSync(file, JSON.stringify({ ...tokenInFile(), expiresAtMs: Date.now() + 50_000 }), {
      mode: 0o600,
    });
    expect(await tokenRequestsDuring(() => companies(processClient()))).toBe(1);
    expect(tokenInFile().expiresAtMs).toBeGreaterThan(Date.now() + 60_000);
  });

  it("a 401 on a shared token drops it and fetches once; the request then succeeds", async () => {
    await companies(processClient());
    const file = join(cache.dir, tokenFiles()[0] ?? "");
    const revoked = "revoked-token-0123456789";
    writeFileSync(file, JSON.stringify({ accessToken: revoked, expiresAtMs: Date.now() + 600_000 }), {
      mode: 0o600,
    });
    const lines: string[] = [];
    const client = processClient({ logger: createLineLogger((line) => lines.push(line)) });
    const before = emulator.admin.lastRequestSeq;
    await companies(client);
    const calls = emulator.admin.requests(before).map((request) => `${request.route} ${request.status}`);
    expect(calls).toEqual(["GET /v2/companies 401", `${TOKEN_ROUTE} 200`, "GET /v2/companies 200"]);
    const renewed = tokenInFile().accessToken as string;
    expect(renewed).not.toBe(revoked);
    expect(lines.join("\n")).toContain("renewing token");
    expect(lines.join("\n")).not.toContain(revoked);
    expect(lines.join("\n")).not.toContain(renewed);
  });

  it("waits for the token another process of the run is fetching, instead of fetching a second", async () => {
    await companies(processClient());
    const name = tokenFiles()[0] ?? "";
    const file = join(cache.dir, name);
    const lock = file.replace(/\.json$/, ".lock");
    rmSync(file);
    const { token } = await requestToken(
      emulator.url,
      emulator.bootstrap.clientId,
      emulator.bootstrap.clientSecret,
    );
    // Another process took the lock and is fetching; its token lands 300 ms later.
    writeFileSync(lock, "", { mode: 0o600 });
    const lines: string[] = [];
    const client = processClient({ logger: createLineLogger((line) => lines.push(line)) });
    const waiting = tokenRequestsDuring(() => companies(client));
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(file, JSON.stringify({ accessToken: token, expiresAtMs: Date.now() + 600_000 }), {
      mode: 0o600,
    });
    rmSync(lock);
    expect(await waiting).toBe(0);
    expect(lines.join("\n")).toContain("waiting for the token another process of the run is fetching");
    expect(lines.join("\n")).not.toContain(token);
  });

  it("takes over a lock left by a process that died while fetching", async () => {
    mkdirSync(cache.dir, { recursive: true, mode: 0o700 });
    await companies(processClient());
    const name = tokenFiles()[0] ?? "";
    rmSync(join(cache.dir, name));
    const lock = join(cache.dir, name.replace(/\.json$/, ".lock"));
    writeFileSync(lock, "", { mode: 0o600 });
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    const lines: string[] = [];
    const client = processClient({ logger: createLineLogger((line) => lines.push(line)) });
    expect(await tokenRequestsDuring(() => companies(client))).toBe(1);
    expect(lines.join("\n")).not.toContain("waiting for the token");
    expect(readdirSync(cache.dir).filter((entry) => entry.endsWith(".lock"))).toEqual([]);
  });

  it("removes expired token files and a dead process's leftovers, also when a process only reads its run's token (issue 45 item 11)", async () => {
    await companies(processClient());
    const own = tokenFiles()[0] ?? "";
    // What earlier runs left: an expired token, one still valid, a file holding no token, and a
    // temporary file and a lock of processes killed a minute ago.
    const plant = (name: string, text: string, ageMs = 0) => {
      const file = join(cache.dir, name);
      writeFileSync(file, text, { mode: 0o600 });
      const at = new Date(Date.now() - ageMs);
      utimesSync(file, at, at);
    };
    const token = (expiresAtMs: number) => JSON.stringify({ accessToken: "emu.earlier", expiresAtMs });
    plant("expired.json", token(Date.now() - 1000));
    plant("valid.json", token(Date.now() + 600_000));
    plant("broken.json", "{");
    plant(".0123456789abcdef.tmp", token(Date.now() + 600_000), 60_000);
    plant("dead.lock", "", 60_000);
    plant(".fresh.tmp", token(Date.now() + 600_000));
    // A second process of the run takes the first one's token: it writes nothing.
    expect(await tokenRequestsDuring(() => companies(processClient()))).toBe(0);
    expect(readdirSync(cache.dir).sort()).toEqual([".fresh.tmp", own, "valid.json"].sort());
  });

  it("never hands one secret's token to another secret, nor one run's to another run", async () => {
    await companies(processClient());
    const wrong = processClient({
      credentials: { clientId: emulator.bootstrap.clientId, clientSecret: "not-the-secret" },
      maxRetries: 0,
    });
    await expect(companies(wrong)).rejects.toThrow(/403|401|credentials/i);
    const otherRun = { ...cache, scope: "127.0.0.1:40002" };
    expect(await tokenRequestsDuring(() => companies(processClient({ tokenCache: otherRun })))).toBe(1);
  });

  it("a client without a token cache shares nothing across processes", async () => {
    await companies(processClient());
    expect(await tokenRequestsDuring(() => companies(processClient({ tokenCache: undefined })))).toBe(1);
  });

  it("a cache directory it cannot write keeps the token in the process and says why at debug", async () => {
    const blocked = join(root, "a-file-not-a-dir");
    writeFileSync(blocked, "");
    const lines: string[] = [];
    const client = processClient({
      tokenCache: { dir: join(blocked, "tokens"), scope: cache.scope },
      logger: createLineLogger((line) => lines.push(line)),
    });
    expect(await tokenRequestsDuring(() => companies(client))).toBe(1);
    expect(await tokenRequestsDuring(() => companies(client))).toBe(0);
    expect(lines.join("\n")).toMatch(/token-cache .*token kept in this process only/);
  });
});

describe("where a process finds its run's token cache", () => {
  const program = { PULUMI_NODEJS_ENGINE: "127.0.0.1:39767", XDG_CACHE_HOME: "/home/u/.cache" };

  it("the program by PULUMI_NODEJS_ENGINE, a provider by its first argument (the engine address)", () => {
    expect(runTokenCache(program, ["node", "run.js"])).toEqual({
      dir: "/home/u/.cache/pulumi-travel/tokens",
      scope: "127.0.0.1:39767",
    });
    expect(runTokenCache({ XDG_CACHE_HOME: "/c" }, ["node", "provider.js", "127.0.0.1:39767"])).toEqual({
      dir: "/c/pulumi-travel/tokens",
      scope: "127.0.0.1:39767",
    });
  });

  it("none outside a Pulumi run, or with TRAVEL_TOKEN_CACHE=off", () => {
    expect(runTokenCache({}, ["node", "vitest.mjs", "run"])).toBeUndefined();
    expect(runTokenCache({ ...program, TRAVEL_TOKEN_CACHE: "off" }, [])).toBeUndefined();
    expect(runTokenCache({ ...program, TRAVEL_TOKEN_CACHE: "on" }, [])).toBeDefined();
  });

  it("a TRAVEL_TOKEN_CACHE other than on or off is an error naming it", () => {
    expect(() => runTokenCache({ ...program, TRAVEL_TOKEN_CACHE: "no" }, [])).toThrow(
      /TRAVEL_TOKEN_CACHE: must be on or off/,
    );
  });

  it("the per-user directory without XDG_CACHE_HOME is ~/.cache/pulumi-travel/tokens; TRAVEL_TOKEN_CACHE_DIR moves it", () => {
    expect(tokenCacheDir({})).toMatch(/\.cache[/\\]pulumi-travel[/\\]tokens$/);
    expect(tokenCacheDir({ XDG_CACHE_HOME: "/c", TRAVEL_TOKEN_CACHE_DIR: "/t" })).toBe("/t");
  });
});
