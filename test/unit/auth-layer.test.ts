import { describe, expect, it } from "vitest";
import type { TokenSource } from "../../src/client/auth";
import { authLayer } from "../../src/client/auth-layer";
import { exchangeOf, recordingLogger, reply, scriptedSend } from "./layer-fakes";

/** Hands out `t1`, `t2`, ... : a new token after each invalidation; records what it was told. */
function countingTokens(): TokenSource & { fetched: number; invalidated: string[] } {
  let current = 1;
  const tokens = {
    fetched: 0,
    invalidated: [] as string[],
    getToken: async () => {
      tokens.fetched++;
      return `t${current}`;
    },
    invalidate: (token: string) => {
      tokens.invalidated.push(token);
      if (token === `t${current}`) current++;
    },
  };
  return tokens;
}

const bearerOf = (send: ReturnType<typeof scriptedSend>) =>
  send.calls.map((exchange) => exchange.headers["authorization"]);

describe("authLayer", () => {
  it("adds the bearer token and keeps the other headers", async () => {
    const tokens = countingTokens();
    const send = scriptedSend(reply(200));
    await expect(authLayer(tokens, recordingLogger())(send)(exchangeOf())).resolves.toMatchObject({
      status: 200,
    });
    expect(send.calls[0]?.headers).toEqual({ accept: "application/json", authorization: "Bearer t1" });
    expect(tokens.invalidated).toEqual([]);
  });

  it("sends an exchange that does not ask for auth untouched, without fetching a token", async () => {
    const tokens = countingTokens();
    const send = scriptedSend(reply(200));
    await authLayer(tokens, recordingLogger())(send)(exchangeOf({ auth: false }));
    expect(bearerOf(send)).toEqual([undefined]);
    expect(tokens.fetched).toBe(0);
  });

  it("renews the token once on 401 and answers with the second response", async () => {
    const tokens = countingTokens();
    const logger = recordingLogger();
    const send = scriptedSend(reply(401), reply(200, { ok: true }));
    await expect(authLayer(tokens, logger)(send)(exchangeOf())).resolves.toMatchObject({ status: 200 });
    expect(tokens.invalidated).toEqual(["t1"]);
    expect(bearerOf(send)).toEqual(["Bearer t1", "Bearer t2"]);
    expect(logger.events).toEqual([expect.objectContaining({ status: 401, note: "renewing token" })]);
  });

  it("does not renew twice: a second 401 is returned for the retry layer to turn into an error", async () => {
    const tokens = countingTokens();
    const send = scriptedSend(reply(401), reply(401));
    await expect(authLayer(tokens, recordingLogger())(send)(exchangeOf())).resolves.toMatchObject({
      status: 401,
    });
    expect(send.calls).toHaveLength(2);
    expect(tokens.invalidated).toEqual(["t1"]);
  });

  it.each([403, 404, 500])("keeps the token on %i", async (status) => {
    const tokens = countingTokens();
    const send = scriptedSend(reply(status));
    await expect(authLayer(tokens, recordingLogger())(send)(exchangeOf())).resolves.toMatchObject({ status });
    expect(send.calls).toHaveLength(1);
    expect(tokens.invalidated).toEqual([]);
  });

  it("lets a token source failure reach the caller without sending", async () => {
    const failing: TokenSource = {
      getToken: () => Promise.reject(new Error("token endpoint said 401 invalid_client")),
      invalidate: () => undefined,
    };
    const send = scriptedSend(reply(200));
    await expect(authLayer(failing, recordingLogger())(send)(exchangeOf())).rejects.toThrow("invalid_client");
    expect(send.calls).toHaveLength(0);
  });
});
