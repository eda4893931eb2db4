import { describe, expect, it } from "vitest";
import { errorCode } from "./helpers";
import { emulatorFixture, useFixture } from "./fixtures";

describe("malformed requests get a 4xx in the platform's error shape", () => {
  const fx = useFixture(() => emulatorFixture({ settings: { bodyLimitBytes: 1024 } }), "all");

  const post = (payload: string, contentType: string) =>
    fx.emu.app.inject({
      method: "POST",
      url: "/v2/companies",
      headers: { authorization: `Bearer ${fx.token}`, "content-type": contentType },
      payload,
    });

  it.each([
    ["malformed JSON", () => post("{bad", "application/json"), 400, "MALFORMED_JSON"],
    ["an empty JSON body", () => post("", "application/json"), 400, "EMPTY_BODY"],
    ["a JSON array instead of an object", () => post("[]", "application/json"), 400, "INVALID_REQUEST"],
    ["an unsupported content type", () => post("<x/>", "application/xml"), 415, "UNSUPPORTED_MEDIA_TYPE"],
    [
      "a body over the limit",
      () => post(JSON.stringify({ name: "x".repeat(2000) }), "application/json"),
      413,
      "PAYLOAD_TOO_LARGE",
    ],
    [
      "an unknown route",
      () => fx.emu.app.inject({ method: "GET", url: "/v2/nothing-here" }),
      404,
      "ROUTE_NOT_FOUND",
    ],
    [
      "bad percent-encoding in the path",
      () =>
        fx.emu.app.inject({
          method: "GET",
          url: "/v2/companies/%ff%fe",
          headers: { authorization: `Bearer ${fx.token}` },
        }),
      400,
      "MALFORMED_PATH",
    ],
    [
      "a 6,000-character path parameter",
      () => fx.emu.app.inject({ method: "GET", url: `/v2/companies/${"a".repeat(6000)}` }),
      414,
      "PATH_PARAMETER_TOO_LONG",
    ],
    [
      "a body nested 400 levels deep",
      () => post(`{"name":"x","deep":${"[".repeat(400)}${"]".repeat(400)}}`, "application/json"),
      400,
      "NESTING_TOO_DEEP",
    ],
    [
      "a wrong method",
      () => fx.emu.app.inject({ method: "PATCH", url: "/v2/companies/abc" }),
      405,
      "METHOD_NOT_ALLOWED",
    ],
  ] as const)("%s", async (_name, send, status, code) => {
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({
      debugIdentifier: expect.any(String),
      errorMessages: [{ errorCode: code, message: expect.any(String) }],
    });
  });

  it("lists the allowed methods on a 405", async () => {
    const response = await fx.emu.app.inject({ method: "PATCH", url: "/v2/companies/abc" });
    expect(response.headers.allow).toContain("PUT");
    expect(errorCode(response)).toBe("METHOD_NOT_ALLOWED");
  });
});
