import { describe, expect, it } from "vitest";
import {
  REDACTED,
  redactHeaders,
  redactText,
  redactUrl,
  redactValue,
  registerSecret,
} from "../../src/client/redact";

describe("redaction", () => {
  it("hides sensitive query parameters and URL credentials", () => {
    const url = redactUrl("https://user:pw@api.example/v2/x?client_secret=s3cr3t&access_token=tok&page=2");
    expect(url).not.toContain("s3cr3t");
    expect(url).not.toContain("tok&");
    expect(url).not.toContain("pw@");
    expect(url).toContain("page=2");
  });

  it("hides authorization and cookie headers", () => {
    expect(redactHeaders({ authorization: "Bearer abc", cookie: "x=1", accept: "application/json" })).toEqual(
      {
        authorization: REDACTED,
        cookie: REDACTED,
        accept: "application/json",
      },
    );
  });

  it("scrubs registered secrets wherever they appear", () => {
    registerSecret("very-secret-value-123");
    expect(redactText("server said: bad secret very-secret-value-123!")).toBe(
      `server said: bad secret ${REDACTED}!`,
    );
  });

  it("scrubs bearer tokens and key=value secrets in free text", () => {
    expect(redactText("Authorization: Bearer abc.def-ghi")).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText("client_secret=xyz&grant_type=client_credentials")).toBe(
      `client_secret=${REDACTED}&grant_type=client_credentials`,
    );
    expect(redactText('{"clientSecret":"abc"}')).toBe(`{"clientSecret":"${REDACTED}"}`);
  });

  it("hides sensitive fields of nested values", () => {
    expect(
      redactValue({ clientId: "id", clientSecret: "s", nested: [{ access_token: "t", ok: 1 }] }),
    ).toEqual({
      clientId: "id",
      clientSecret: REDACTED,
      nested: [{ access_token: REDACTED, ok: 1 }],
    });
  });

  it("ignores secrets too short to scrub safely", () => {
    registerSecret("abc");
    expect(redactText("abc")).toBe("abc");
  });
});
