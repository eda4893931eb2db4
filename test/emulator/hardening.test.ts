/**
 * The emulator under hostile input: deeply nested bodies, structurally invalid state snapshots,
 * and bytes that are not HTTP. Each gets a 4xx in the platform's error shape, and the emulator
 * keeps serving (its state, its bootstrap credentials, its state file).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEmulator } from "../../src/emulator";
import { MAX_BODY_DEPTH } from "../../src/emulator/core/depth";
import { emulatorFixture, runningEmulatorFixture, useFixture } from "./fixtures";
import { adminToken, call, errorCode } from "./helpers";

const company = { name: "Acme", billingCurrency: "USD", companyRoles: ["ORG"] };

/** `{"x":{"x":...}}` with `depth` objects in all. */
function nested(depth: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let node = root;
  for (let level = 1; level < depth; level++) {
    const child: Record<string, unknown> = {};
    node.x = child;
    node = child;
  }
  return root;
}

function messageOf(response: { json<T>(): T }): string {
  return response.json<{ errorMessages: { message: string }[] }>().errorMessages[0]?.message ?? "";
}

describe("nesting depth", () => {
  const fx = useFixture(() => emulatorFixture({ tempStateFile: true }), "all");

  it(`refuses bodies nested deeper than ${MAX_BODY_DEPTH} levels with 400, naming the path`, async () => {
    const atLimit = await call(fx.emu, fx.token, "POST", "/v2/companies", {
      ...company,
      extra: nested(MAX_BODY_DEPTH - 1),
    });
    expect(errorCode(atLimit)).not.toBe("NESTING_TOO_DEEP");
    const over = await call(fx.emu, fx.token, "POST", "/v2/companies", {
      ...company,
      extra: nested(MAX_BODY_DEPTH),
    });
    expect(over.statusCode).toBe(400);
    expect(errorCode(over)).toBe("NESTING_TOO_DEEP");
    expect(messageOf(over)).toMatch(/^invalid request body: extra(\.x)+: is nested deeper than 32 levels/);
  });

  it("survives the 3,000-level body that used to crash the state file writer, and keeps writing", async () => {
    const deep = await call(fx.emu, fx.token, "POST", "/v2/companies", { ...company, unknown: nested(3000) });
    expect(deep.statusCode).toBe(400);
    expect(errorCode(deep)).toBe("NESTING_TOO_DEEP");
    const arrays = await fx.emu.app.inject({
      method: "POST",
      url: "/v2/companies",
      headers: { authorization: `Bearer ${fx.token}`, "content-type": "application/json" },
      payload: `${"[".repeat(200_000)}${"]".repeat(200_000)}`,
    });
    expect(errorCode(arrays)).toBe("NESTING_TOO_DEEP");

    const created = await call(fx.emu, fx.token, "POST", "/v2/companies", { ...company, name: "After" });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const state = await fx.emu.app.inject({ method: "GET", url: "/_emulator/state" });
    expect(state.statusCode).toBe(200);
    expect(Object.keys(state.json<{ collections: { companies: object } }>().collections.companies)).toContain(
      id,
    );
    const onDisk = JSON.parse(readFileSync(fx.stateFile ?? "", "utf8")) as {
      collections: { companies: object };
    };
    expect(Object.keys(onDisk.collections.companies)).toContain(id);
  });
});

describe("PUT /_emulator/state validates the snapshot", () => {
  const fx = useFixture(emulatorFixture, "all");

  const put = (payload: unknown) =>
    fx.emu.app.inject({
      method: "PUT",
      url: "/_emulator/state",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });

  it.each([
    [
      { version: 1, collections: { companies: "notanobject" } },
      /collections\.companies: must be an object of records by id, got a string/,
    ],
    [{ version: 2, collections: {} }, /version: must be 1, got 2/],
    [{ version: 1 }, /collections: must be an object of collections, got nothing/],
    [
      { version: 1, collections: { companies: { abc: [1] } } },
      /collections\.companies\.abc: must be an object, got an array/,
    ],
    [{ version: 1, collections: {}, extra: true }, /extra: is not a snapshot property/],
    [
      { version: 1, collections: { companies: {}, regions: {} } },
      /collections\.regions: is not a collection of this emulator/,
    ],
    [
      { version: 1, collections: { companies: { abc: nested(60) } } },
      /collections\.companies\.abc(\.x)+: is nested deeper than 40 levels/,
      "NESTING_TOO_DEEP",
    ],
    [{ version: 1, collections: { companies: {} } }, /no bootstrap credentials \(meta\.bootstrap\)/],
  ] as [unknown, RegExp, string?][])(
    "refuses %j with 400 naming the path, and changes nothing",
    async (snapshot, pattern, code) => {
      const before = fx.emu.admin.snapshot();
      const response = await put(snapshot);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe(code ?? "EMULATOR_ADMIN_INVALID");
      expect(messageOf(response)).toMatch(pattern);
      expect(fx.emu.admin.snapshot()).toEqual(before);
    },
  );

  it("refuses a snapshot whose bootstrap client is gone, and the credentials keep working, also after a reset", async () => {
    const snapshot = fx.emu.admin.snapshot();
    const withoutUsers = { ...snapshot, collections: { ...snapshot.collections, apiUsers: {} } };
    const refused = await put(withoutUsers);
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toMatch(/bootstrap client .* is not among collections\.apiUsers/);
    expect(await adminToken(fx.emu)).toMatch(/^emu\./);
    expect((await fx.emu.app.inject({ method: "POST", url: "/_emulator/reset" })).statusCode).toBe(204);
    expect(await adminToken(fx.emu)).toMatch(/^emu\./);
    expect((await put(fx.emu.admin.snapshot())).statusCode).toBe(204);
    expect(await adminToken(fx.emu)).toMatch(/^emu\./);
  });

  it("refuses a snapshot nested too deep when loaded in process too", () => {
    expect(() => fx.emu.admin.load({ version: 1, collections: { companies: { abc: nested(60) } } })).toThrow(
      /invalid state snapshot: collections\.companies\.abc(\.x)+: is nested deeper than 40 levels/,
    );
  });

  it("refuses to start from a structurally invalid state file, naming the file and the path", () => {
    // No fixture: what is tested is createEmulator itself refusing the file.
    const dir = mkdtempSync(join(tmpdir(), "emulator-bad-state-"));
    try {
      const stateFile = join(dir, "state.json");
      writeFileSync(stateFile, JSON.stringify({ version: 1, collections: { companies: "notanobject" } }));
      expect(() => createEmulator({ stateFile, logErrors: false })).toThrow(
        `state file ${stateFile}: invalid state snapshot: collections.companies: must be an object of records by id`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("bytes that are not HTTP", () => {
  const fx = useFixture(() => runningEmulatorFixture(), "all");

  it("are answered 400 in the platform's error shape before the connection closes", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(fx.emu.port, "127.0.0.1");
      let text = "";
      socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.write("NOT HTTP AT ALL\r\n\r\n");
    });
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({
      debugIdentifier: expect.any(String),
      errorMessages: [{ errorCode: "MALFORMED_HTTP_REQUEST", message: expect.any(String) }],
    });
  });
});
