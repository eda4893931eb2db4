import { MockAgent } from "undici";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConnectionError, TimeoutError } from "../../src/client/errors";
import { HttpTransport } from "../../src/client/http";
import { transportSend } from "../../src/client/transport-layer";
import { exchangeOf, fixedDeadline, TARGET } from "./layer-fakes";

const ORIGIN = "https://platform.test";
const PATH = "/v2/companies/c1";

let agent: MockAgent;
let send: ReturnType<typeof transportSend>;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  const transport = new HttpTransport({
    connectTimeoutMs: 1_000,
    headersTimeoutMs: 10_000,
    bodyTimeoutMs: 10_000,
    keepAliveTimeoutMs: 1_000,
    maxResponseBytes: 1_000_000,
    dispatcher: agent,
  });
  send = transportSend(transport);
});

afterEach(async () => {
  await agent.close();
});

describe("transportSend", () => {
  it("sends the method, headers and body, and resolves with any status", async () => {
    agent
      .get(ORIGIN)
      .intercept({
        path: PATH,
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: '{"name":"x"}',
      })
      .reply(500, { errorMessages: [{ errorCode: "BOOM" }] }, { headers: { "x-request-id": "r1" } });
    const response = await send(
      exchangeOf({ method: "PUT", headers: { "content-type": "application/json" }, body: '{"name":"x"}' }),
    );
    expect(response.status).toBe(500);
    expect(response.headers["x-request-id"]).toBe("r1");
    expect(JSON.parse(response.body)).toEqual({ errorMessages: [{ errorCode: "BOOM" }] });
  });

  it("turns a deadline that runs out mid-flight into TimeoutError('deadline') with the attempt", async () => {
    agent.get(ORIGIN).intercept({ path: PATH, method: "GET" }).reply(200, {}).delay(5_000);
    const error: unknown = await send(exchangeOf({ deadline: fixedDeadline(20, 20), attempt: 3 })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: "deadline", attempts: 3, url: TARGET.url });
  });

  it("reports the caller's abort as such, not as the deadline", async () => {
    agent.get(ORIGIN).intercept({ path: PATH, method: "GET" }).reply(200, {}).delay(5_000);
    const controller = new AbortController();
    const call = send(exchangeOf({ signal: controller.signal }));
    controller.abort();
    const error: unknown = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ causeCode: "ABORTED" });
  });

  it("rethrows a connection failure with the attempt number", async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: PATH, method: "GET" })
      .replyWithError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    const error: unknown = await send(exchangeOf({ attempt: 2 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ causeCode: "ECONNREFUSED", attempts: 2 });
  });
});
