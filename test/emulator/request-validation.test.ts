/**
 * The routes' own schemas, checked by Fastify through the zod type provider: a failure is the
 * platform's 400 INVALID_REQUEST naming the request part, the path and the reason, an anonymous
 * caller gets its 401 before any schema answer, and an absent optional body reads as `{}`.
 */
import { describe, expect, it } from "vitest";
import { emulatorFixture, useFixture } from "./fixtures";
import { call, errorCode } from "./helpers";

function messageOf(response: { json<T>(): T }): string {
  return response.json<{ errorMessages: { message: string }[] }>().errorMessages[0]?.message ?? "";
}

describe("route schemas", () => {
  const fx = useFixture(() => emulatorFixture(), "all");

  it("names the query parameter and the reason", async () => {
    const response = await call(fx.emu, undefined, "GET", "/_emulator/requests?after=-1");
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe("INVALID_REQUEST");
    expect(messageOf(response)).toMatch(/^invalid request query: after: .*>=0/);
  });

  it("names the path parameter and the reason", async () => {
    const url = "/v2/service-charge/PLANET/x/types/TRIP_FEE/list";
    const response = await call(fx.emu, fx.token, "POST", url, {});
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe("INVALID_REQUEST");
    expect(messageOf(response)).toMatch(/^invalid request path: entityType: /);
  });

  it("names each bad property of the body, at most five", async () => {
    const response = await call(fx.emu, undefined, "POST", "/_emulator/clock", {
      advanceMs: "soon",
      freeze: "yes",
      setIso: "noon",
      reset: false,
      setMs: 1.5,
      advanceSeconds: "later",
    });
    expect(response.statusCode).toBe(400);
    const message = messageOf(response);
    expect(message).toMatch(/^invalid request body: advanceMs: .*expected number/);
    expect(message.split("; ")).toHaveLength(5);
    const unknown = await call(fx.emu, undefined, "POST", "/_emulator/clock", { rewind: true });
    expect(messageOf(unknown)).toMatch(/^invalid request body: body: Unrecognized key: "rewind"/);
  });

  it("reads an absent optional body as {} and hands the handler the parsed value", async () => {
    const empty = await call(fx.emu, undefined, "POST", "/_emulator/clock");
    expect(empty.statusCode).toBe(200);
    const paged = await call(fx.emu, fx.token, "GET", "/v2/api-users?limit=1");
    expect(paged.statusCode).toBe(200);
    expect(paged.json<{ apiUsers: unknown[] }>().apiUsers).toHaveLength(1);
  });

  it("answers an anonymous caller 401 before its body is judged", async () => {
    // The trip list is pulumi-travel's own route: no vendor document judges it first.
    const response = await call(fx.emu, undefined, "POST", "/v3/trips/list", { limit: 0 });
    expect(response.statusCode).toBe(401);
    const signedIn = await call(fx.emu, fx.token, "POST", "/v3/trips/list", { limit: 0 });
    expect(signedIn.statusCode).toBe(400);
    expect(messageOf(signedIn)).toMatch(/^invalid request body: limit: /);
  });
});
