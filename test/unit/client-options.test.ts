import { describe, expect, it } from "vitest";
import { isTravelError } from "../../src/client/errors";
import { isLoopbackHost, resolveClientOptions } from "../../src/client/options";

const credentials = { clientId: "id", clientSecret: "secret" };

function configError(options: Parameters<typeof resolveClientOptions>[0]): string {
  try {
    resolveClientOptions(options);
  } catch (error) {
    expect(isTravelError(error, "config")).toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("client options", () => {
  it.each(["localhost", "127.0.0.1", "127.8.9.10", "::1", "[::1]"])("treats %s as loopback", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(["example.com", "10.0.0.1", "128.0.0.1", "localhost.example"])("treats %s as remote", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it("allows plain http to loopback", () => {
    expect(resolveClientOptions({ baseUrl: "http://127.0.0.1:4010/", credentials }).baseUrl).toBe(
      "http://127.0.0.1:4010",
    );
  });

  it("refuses plain http to a remote host unless opted out", () => {
    expect(configError({ baseUrl: "http://api.example.com", credentials })).toMatch(/baseUrl.*https/);
    expect(
      resolveClientOptions({ baseUrl: "http://api.example.com", credentials, allowInsecureHttp: true })
        .baseUrl,
    ).toBe("http://api.example.com");
  });

  it("requires credentials or an access token", () => {
    expect(configError({ baseUrl: "https://api.example.com" })).toMatch(/credentials/);
  });

  it("names the bad setting", () => {
    expect(configError({ baseUrl: "https://api.example.com", credentials, maxRetries: -1 })).toMatch(
      /maxRetries/,
    );
    expect(configError({ baseUrl: "not a url", credentials })).toMatch(/baseUrl/);
  });

  it("never puts the secret in an error", () => {
    expect(
      configError({ baseUrl: "ftp://x", credentials: { clientId: "id", clientSecret: "hunter2-secret" } }),
    ).not.toContain("hunter2");
  });

  it("fills in explicit timeouts and limits", () => {
    const resolved = resolveClientOptions({ baseUrl: "https://api.example.com", accessToken: "tok" });
    expect(resolved).toMatchObject({
      connectTimeoutMs: 10_000,
      headersTimeoutMs: 30_000,
      bodyTimeoutMs: 30_000,
      requestsPerSecond: undefined,
      maxConcurrency: 8,
    });
  });
});
