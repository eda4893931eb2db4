import { describe, expect, it } from "vitest";
import { guardDebugMessage } from "../../src/provider/hosts/dynamic/debug-log-guard";

describe("guardDebugMessage", () => {
  it.each([
    [
      "RegisterResource RPC finished: resource:ci[pulumi-nodejs:dynamic/travel:ApiUser]; err: null, resp: urn,clientSecret,s3cr3t",
      "RegisterResource RPC finished: resource:ci[pulumi-nodejs:dynamic/travel:ApiUser]; err: null, resp: [omitted by pulumi-travel: may hold secret outputs]",
    ],
    [
      "ReadResource RPC finished: resource:k[pulumi-nodejs:dynamic/travel:TenantKey]#...; err: null, resp: x",
      "ReadResource RPC finished: resource:k[pulumi-nodejs:dynamic/travel:TenantKey]#...; err: null, resp: [omitted by pulumi-travel: may hold secret outputs]",
    ],
    [
      "RegisterResource RPC finished: resource:ci[travel:index:ApiUser]; err: null, resp: urn,clientSecret,s3cr3t",
      "RegisterResource RPC finished: resource:ci[travel:index:ApiUser]; err: null, resp: [omitted by pulumi-travel: may hold secret outputs]",
    ],
    [
      "RegisterResource RPC finished: resource:b[aws:s3/bucket:Bucket]; err: null, resp: kept",
      "RegisterResource RPC finished: resource:b[aws:s3/bucket:Bucket]; err: null, resp: kept",
    ],
    [
      "RegisterResource RPC prepared: dynamic/travel:ApiUser",
      "RegisterResource RPC prepared: dynamic/travel:ApiUser",
    ],
  ])("%s", (message, expected) => {
    expect(guardDebugMessage(message)).toBe(expected);
  });
});
