/**
 * The provider's credential check against the emulator: a failure the credentials did not cause
 * (an answer cut short, a wait asked beyond the cap) says what happened and does not send the
 * reader to the credentials; wrong credentials still do.
 */
import { beforeEach, expect, it } from "vitest";
import { clearSharedTokens, TOKEN_PATH } from "../../src/client";
import type { ProviderConfig } from "../../src/provider/operations/config";
import { verifyCredentials } from "../../src/provider/operations/credentials";
import { clientFor, useLiveEmulator } from "../support/live-emulator";

const live = useLiveEmulator();

/** The bootstrap admin's configuration, or with another secret. */
const config = (clientSecret = live.emulator.bootstrap.clientSecret) =>
  ({
    baseUrl: live.emulator.url,
    clientId: live.emulator.bootstrap.clientId,
    clientSecret,
  }) as ProviderConfig;

// The token cache is process-wide: each check asks the platform.
beforeEach(() => clearSharedTokens());

it("a token answer beyond the Retry-After cap names the wait and the cap, not the credentials", async () => {
  live.emulator.admin.addFault({
    methods: ["POST"],
    path: TOKEN_PATH,
    rate429: 1,
    retryAfterSeconds: 120,
    retryAfterFormat: "http-date",
    dateSkewSeconds: 3600,
    times: 1,
  });
  const check = verifyCredentials(live.client, config());
  await expect(check).rejects.toThrow(
    /asked to wait 120 s \(Retry-After\).*\(60 s, retry\.maxRetryAfterMs\)/,
  );
  await expect(check).rejects.toThrow(/slow down .*the credentials were not judged/);
  await expect(check).rejects.not.toThrow(/travel:clientId/);
});

it("a token answer never readable is not blamed on the credentials", async () => {
  live.emulator.admin.addFault({ methods: ["POST"], path: TOKEN_PATH, afterHandling: "cut" });
  const check = verifyCredentials(live.client, config());
  await expect(check).rejects.toThrow(/cut short or not JSON.*the credentials were not judged/);
  await expect(check).rejects.not.toThrow(/travel:clientId/);
});

it("a wrong secret sends the reader to the credentials", async () => {
  // The runtime builds the client from the same configuration it checks.
  const wrong = config("not-the-secret");
  const client = clientFor(live.emulator, {
    credentials: { clientId: wrong.clientId ?? "", clientSecret: wrong.clientSecret ?? "" },
  });
  try {
    await expect(verifyCredentials(client, wrong)).rejects.toThrow(
      /Check travel:baseUrl, travel:clientId and travel:clientSecret/,
    );
  } finally {
    await client.close();
  }
});
