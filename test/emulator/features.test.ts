import { beforeEach, describe, expect, it } from "vitest";
import { featureValueType } from "../../src/emulator/configs/features";
import { useFixture } from "./fixtures";
import { call } from "./helpers";
import { expectBadRequest, expectGuarded, expectStatus, orgFixture } from "./org-helpers";

describe("company features", () => {
  const fx = useFixture(orgFixture);
  let url: string;
  beforeEach(() => {
    url = `/v2/companies/${fx.companyId}/features`;
  });

  it("reads an empty feature list before anything is set", async () => {
    expect((await expectStatus(fx, 200, "GET", url)).json()).toEqual({ length: 0, features: [] });
  });

  it("patches only the named features and reads them back sorted by name", async () => {
    const first = await expectStatus(fx, 200, "PATCH", url, {
      featuresToUpdate: [
        { name: "PAYMENT_ADD_CARD", value: "true" },
        { name: "DEFAULT_HOTEL_SEARCH_RADIUS_CONFIG", value: "25" },
        { name: "ADMIN_VIRTUAL_CARD", value: "false" },
      ],
    });
    expect(first.body).toBe("");
    await expectStatus(fx, 200, "PATCH", url, {
      featuresToUpdate: [{ name: "GEO_CUSTOMIZATIONS", value: '{"region":"EU"}' }],
      featuresToDelete: ["ADMIN_VIRTUAL_CARD"],
    });
    expect((await expectStatus(fx, 200, "GET", url)).json()).toEqual({
      length: 3,
      features: [
        { name: "DEFAULT_HOTEL_SEARCH_RADIUS_CONFIG", enabled: true, valueType: "INT", value: "25" },
        { name: "GEO_CUSTOMIZATIONS", enabled: true, valueType: "JSON", value: '{"region":"EU"}' },
        { name: "PAYMENT_ADD_CARD", enabled: true, valueType: "BOOL", value: "true" },
      ],
    });
    // An empty patch changes nothing; deleting an unset feature is not an error.
    await expectStatus(fx, 200, "PATCH", url, {});
    await expectStatus(fx, 200, "PATCH", url, { featuresToDelete: ["HIDE_LEFT_NAV"] });
    expect((await expectStatus(fx, 200, "GET", url)).json()).toMatchObject({ length: 3 });
  });

  it("reports a false boolean as disabled", async () => {
    await expectStatus(fx, 200, "PATCH", url, {
      featuresToUpdate: [{ name: "HIDE_LEFT_NAV", value: "false" }],
    });
    expect((await expectStatus(fx, 200, "GET", url)).json()).toEqual({
      length: 1,
      features: [{ name: "HIDE_LEFT_NAV", enabled: false, valueType: "BOOL", value: "false" }],
    });
  });

  it("keeps features per company role", async () => {
    const tmcUrl = `/v2/companies/${fx.emu.bootstrap.tmcId}/features`;
    await expectStatus(fx, 200, "PATCH", `${tmcUrl}?companyRole=TMC`, {
      featuresToUpdate: [{ name: "HIDE_LEFT_NAV", value: "true" }],
    });
    expect((await expectStatus(fx, 200, "GET", tmcUrl)).json()).toMatchObject({ length: 1 });
    expect((await expectStatus(fx, 200, "GET", `${url}?companyRole=ORG`)).json()).toMatchObject({
      length: 0,
    });
    expectBadRequest(
      await call(fx.emu, fx.token, "GET", `${url}?companyRole=TMC`),
      /companyRole TMC is not a role of company/,
      "COMPANY_ROLE_MISMATCH",
    );
    expectBadRequest(await call(fx.emu, fx.token, "GET", `${url}?companyRole=BOSS`), /companyRole/);
  });

  it("validates the patch field by field", async () => {
    expectBadRequest(
      await call(fx.emu, fx.token, "PATCH", url, {
        featuresToUpdate: [{ name: "NO_SUCH_FEATURE", value: "1" }],
      }),
      /featuresToUpdate\.0\.name/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "PATCH", url, {
        featuresToUpdate: [{ name: "HIDE_LEFT_NAV", value: true }],
      }),
      /featuresToUpdate\.0\.value/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "PATCH", url, {
        featuresToUpdate: [
          { name: "HIDE_LEFT_NAV", value: "true" },
          { name: "HIDE_LEFT_NAV", value: "false" },
        ],
      }),
      /featuresToUpdate\.1\.name: repeats HIDE_LEFT_NAV/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "PATCH", url, {
        featuresToUpdate: [{ name: "HIDE_LEFT_NAV", value: "true" }],
        featuresToDelete: ["HIDE_LEFT_NAV"],
      }),
      /featuresToDelete\.0: HIDE_LEFT_NAV is also in featuresToUpdate/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "PATCH", url, { featuresToDelete: ["nope"] }),
      /featuresToDelete\.0/,
    );
    // Nothing was stored by the refused patches.
    expect((await expectStatus(fx, 200, "GET", url)).json()).toEqual({ length: 0, features: [] });
  });

  it("applies the tenant rules and lets the company admin patch", async () => {
    await expectGuarded(fx, "GET", (c) => `/v2/companies/${c}/features`);
    await expectGuarded(fx, "PATCH", (c) => `/v2/companies/${c}/features`, { featuresToDelete: [] });
    await expectStatus(
      fx,
      200,
      "PATCH",
      url,
      { featuresToUpdate: [{ name: "LOGIN_DISABLED", value: "false" }] },
      fx.companyAdmin,
    );
    expect((await expectStatus(fx, 200, "GET", url, undefined, fx.companyAdmin)).json()).toMatchObject({
      length: 1,
    });
  });

  it.each([
    ["true", "BOOL"],
    ["false", "BOOL"],
    ["42", "INT"],
    ["-7", "INT"],
    ["2.5", "DOUBLE"],
    ["1e3", "DOUBLE"],
    ['{"a":1}', "JSON"],
    ["[1,2]", "JSON"],
    ["{not json", "STRING"],
    ["EU", "STRING"],
    ["", "STRING"],
  ])("infers the value type of %j as %s", (value, type) => {
    expect(featureValueType(value)).toBe(type);
  });
});
