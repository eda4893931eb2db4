import { describe, expect, it } from "vitest";
import { useFixture } from "./fixtures";
import { call } from "./helpers";
import {
  expectBadRequest,
  expectError,
  expectGuarded,
  expectStatus,
  messageOf,
  orgFixture,
} from "./org-helpers";

const location = (code: string, type = "AIRPORT") => ({ value: code, metadata: { type, code }, infos: [] });

/** A valid document of each kind, and a broken one with the field its error must name. */
const documents = {
  "travel-content-config": {
    valid: {
      airConfig: {
        fareCategoryFilter: [
          {
            priority: 1,
            origin: location("SFO"),
            destination: { ...location("GB", "COUNTRY"), infos: [location("EU", "CONTINENT")] },
            fareCategoryOption: [{ fareCategory: { cabinViewCategory: "BASIC" }, disabled: true }],
          },
        ],
      },
    },
    invalid: { airConfig: { fareCategoryFilter: [{ priority: 1, origin: location("SFO") }] } },
    field: /airConfig\.fareCategoryFilter\.0\.destination/,
  },
  "white-label-config": {
    valid: {
      companyName: "Acme Travel",
      colors: { primary: "#004488" },
      webLinks: { logoHeader: "https://cdn.example/logo.svg", poweredBySpotnana: false },
      fromEmailAddress: "travel@acme.example",
      emailClientConfig: {
        client: "SENDGRID",
        credentials: { emailClientSecretKey: { versionId: "v1" } },
        defaultSenderAddress: "noreply@acme.example",
      },
      themeConfig: { fontFamily: ["Inter", "sans-serif"], palette: { light: { bg: { brand: "#fff" } } } },
    },
    invalid: {
      emailClientConfig: { client: "POSTFIX", credentials: {}, defaultSenderAddress: "x@y.example" },
    },
    field: /emailClientConfig\.client/,
  },
  "managers-config": {
    valid: {
      accountManagers: [
        { id: "7b1c2f7e-4b0c-4f55-9d3e-2f1f0c2b9a11", fullName: "Ann", email: "ann@tmc.example" },
      ],
      customerSuccessManagers: [{ id: "4a0c1d2e-3f40-4b51-8c62-7d8e9fa0b1c2", isActive: true }],
    },
    invalid: { accountManagers: [{ fullName: "No id" }] },
    field: /accountManagers\.0\.id/,
  },
  "color-config": {
    valid: { profileColors: [{ title: "PROFILE_TIER_GOLD_COLOR", color: "#FFD700" }] },
    invalid: { profileColors: [{ title: "PROFILE_TIER_BRONZE_COLOR", color: "#CD7F32" }] },
    field: /profileColors\.0\.title/,
  },
  "enrollment-config": {
    valid: {
      termsAndConditions: "https://acme.example/terms",
      termsAndConditionsList: ['I agree to the <a href="https://acme.example/terms">Terms</a>'],
      registrarLoginActions: ["ONBOARDING_ACTION"],
      companySpecifiedAttributeConfigs: [{ name: "costCode" }],
    },
    invalid: { termsAndConditionsList: [] },
    field: /termsAndConditions/,
  },
  "tier-config": {
    valid: { tiers: [{ name: "Gold", tier: "SEAT1A", icon: "https://cdn.example/gold.svg" }] },
    invalid: { tiers: [{ name: "Platinum", tier: "PLATINUM" }] },
    field: /tiers\.0\.tier/,
  },
  "stealth-config": {
    valid: { stealthModes: [{ stealthType: "STEALTH_TYPE_1", label: "Board" }] },
    invalid: { stealthModes: [{ stealthType: "STEALTH_TYPE_1" }] },
    field: /stealthModes\.0\.label/,
  },
  "preference-tiers": {
    valid: {
      preferenceTiersPerBookingType: [
        {
          bookingType: "AIR",
          allowedEntityTypes: ["COMPANY", "COUNTRY"],
          preferenceTiers: [{ level: "TIER_1", label: "Most preferred", showLabel: true }],
        },
      ],
    },
    invalid: {
      preferenceTiersPerBookingType: [{ bookingType: "AIR", allowedEntityTypes: [], preferenceTiers: [] }],
    },
    field: /preferenceTiersPerBookingType\.0\.allowedEntityTypes: must have at least 1 item/,
  },
} as const;

type ConfigPath = keyof typeof documents;

/** The query each document needs on the fixture's ORG company. */
const roleQuery: Record<ConfigPath, string> = {
  "travel-content-config": "",
  "white-label-config": "?companyRole=ORG",
  "managers-config": "?companyRole=ORG",
  "color-config": "?companyRole=ORG",
  "enrollment-config": "",
  "tier-config": "",
  "stealth-config": "",
  "preference-tiers": "",
};

describe("company configuration documents", () => {
  const fx = useFixture(orgFixture);

  const urlOf = (path: ConfigPath, companyId = fx.companyId) =>
    `/v2/companies/${companyId}/${path}${roleQuery[path]}`;

  describe.each(Object.keys(documents) as ConfigPath[])("%s", (path) => {
    const { valid, invalid, field } = documents[path];

    it("stores with PUT (200, no body) and reads back exactly what was stored", async () => {
      const put = await expectStatus(fx, 200, "PUT", urlOf(path), valid);
      expect(put.body).toBe("");
      expect((await expectStatus(fx, 200, "GET", urlOf(path))).json()).toEqual(valid);
      // A field the vendor does not declare is refused, and the stored document is kept.
      expectBadRequest(
        await call(fx.emu, fx.token, "PUT", urlOf(path), { ...valid, futureField: 1 }),
        /futureField: is not a property of the vendor's \w+ schema/,
      );
      expect((await expectStatus(fx, 200, "GET", urlOf(path))).json()).toEqual(valid);
    });

    it("validates the document, naming the field", async () => {
      expectBadRequest(await call(fx.emu, fx.token, "PUT", urlOf(path), invalid), field);
      expectBadRequest(await call(fx.emu, fx.token, "PUT", urlOf(path), [valid]), /body/);
    });

    it("applies the tenant rules", async () => {
      const url = (companyId: string) => urlOf(path, companyId);
      await expectGuarded(fx, "GET", url);
      await expectGuarded(fx, "PUT", url, valid);
    });
  });

  describe.each(["travel-content-config", "white-label-config", "managers-config"] as const)(
    "%s (with DELETE)",
    (path) => {
      const code = `${path.replace(/-/g, "_").toUpperCase()}_NOT_FOUND`;

      it("is 404 until stored and after DELETE (200, no body)", async () => {
        const missing = await call(fx.emu, fx.token, "GET", urlOf(path));
        expectError(missing, 404, code);
        expect(messageOf(missing)).toMatch(/store one with PUT first/);
        await expectStatus(fx, 200, "PUT", urlOf(path), documents[path].valid);
        const deleted = await expectStatus(fx, 200, "DELETE", urlOf(path));
        expect(deleted.body).toBe("");
        expectError(await call(fx.emu, fx.token, "GET", urlOf(path)), 404, code);
        expectError(await call(fx.emu, fx.token, "DELETE", urlOf(path)), 404, code);
      });

      it("applies the tenant rules to DELETE", async () => {
        await expectGuarded(fx, "DELETE", (companyId) => urlOf(path, companyId));
      });
    },
  );

  it("answers the defaults of the documents the platform always has", async () => {
    expect((await expectStatus(fx, 200, "GET", urlOf("color-config"))).json()).toEqual({ profileColors: [] });
    expect((await expectStatus(fx, 200, "GET", urlOf("stealth-config"))).json()).toEqual({
      stealthModes: [],
    });
    expect((await expectStatus(fx, 200, "GET", urlOf("preference-tiers"))).json()).toEqual({
      preferenceTiersPerBookingType: [],
    });
    expect((await expectStatus(fx, 200, "GET", urlOf("tier-config"))).json()).toEqual({
      tiers: [
        { name: "Standard", tier: "BASIC" },
        { name: "VIP", tier: "SEAT1A" },
      ],
    });
    expectError(
      await call(fx.emu, fx.token, "GET", urlOf("enrollment-config")),
      404,
      "ENROLLMENT_CONFIG_NOT_FOUND",
    );
    // None of them has a DELETE.
    expectError(await call(fx.emu, fx.token, "DELETE", urlOf("color-config")), 405, "METHOD_NOT_ALLOWED");
  });

  it("requires companyRole where the vendor does, and keeps documents per role", async () => {
    for (const path of ["white-label-config", "managers-config", "color-config"] as const) {
      const url = `/v2/companies/${fx.companyId}/${path}`;
      expectBadRequest(await call(fx.emu, fx.token, "GET", url), /companyRole/);
      expectBadRequest(await call(fx.emu, fx.token, "PUT", url, documents[path].valid), /companyRole/);
      expectBadRequest(
        await call(fx.emu, fx.token, "PUT", `${url}?companyRole=TMC`, documents[path].valid),
        /companyRole TMC is not a role of company/,
        "COMPANY_ROLE_MISMATCH",
      );
    }
    const tmc = `/v2/companies/${fx.emu.bootstrap.tmcId}/white-label-config`;
    await expectStatus(fx, 200, "PUT", `${tmc}?companyRole=TMC`, { companyName: "The TMC" });
    expect((await expectStatus(fx, 200, "GET", `${tmc}?companyRole=TMC`)).json()).toEqual({
      companyName: "The TMC",
    });
    expectError(
      await call(fx.emu, fx.token, "GET", urlOf("white-label-config")),
      404,
      "WHITE_LABEL_CONFIG_NOT_FOUND",
    );
    // companyRole is optional on stealth and tier config: omitted means the company's first role.
    await expectStatus(fx, 200, "PUT", `/v2/companies/${fx.companyId}/stealth-config?companyRole=ORG`, {
      stealthModes: [{ stealthType: "STEALTH_TYPE_2", label: "VIP" }],
    });
    expect((await expectStatus(fx, 200, "GET", urlOf("stealth-config"))).json()).toEqual({
      stealthModes: [{ stealthType: "STEALTH_TYPE_2", label: "VIP" }],
    });
  });

  it("lets a company admin read and store company-level documents", async () => {
    await expectStatus(
      fx,
      200,
      "PUT",
      urlOf("color-config"),
      documents["color-config"].valid,
      fx.companyAdmin,
    );
    await expectStatus(fx, 200, "GET", urlOf("color-config"), undefined, fx.companyAdmin);
    const managers = documents["managers-config"].valid;
    await expectStatus(fx, 200, "PUT", urlOf("managers-config"), managers, fx.companyAdmin);
    await expectStatus(fx, 200, "DELETE", urlOf("managers-config"), undefined, fx.companyAdmin);
    expectError(
      await call(fx.emu, fx.token, "GET", urlOf("managers-config")),
      404,
      "MANAGERS_CONFIG_NOT_FOUND",
    );
  });

  it("lets only a TMC admin store the TMC-level enrollment and tier configs", async () => {
    for (const path of ["enrollment-config", "tier-config"] as const) {
      expectError(
        await call(fx.emu, fx.companyAdmin, "PUT", urlOf(path), documents[path].valid),
        403,
        "PERMISSION_DENIED",
      );
      await expectStatus(fx, 200, "PUT", urlOf(path), documents[path].valid);
      expect((await expectStatus(fx, 200, "GET", urlOf(path), undefined, fx.companyAdmin)).json()).toEqual(
        documents[path].valid,
      );
    }
  });

  it("rejects repeated keys inside a document", async () => {
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", urlOf("color-config"), {
        profileColors: [
          { title: "PROFILE_TIER_GOLD_COLOR", color: "#FFD700" },
          { title: "PROFILE_TIER_GOLD_COLOR", color: "#FFD701" },
        ],
      }),
      /profileColors\.1\.title: repeats PROFILE_TIER_GOLD_COLOR/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", urlOf("tier-config"), {
        tiers: [
          { name: "A", tier: "BASIC" },
          { name: "B", tier: "BASIC" },
        ],
      }),
      /tiers\.1\.tier: repeats BASIC/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", urlOf("preference-tiers"), {
        preferenceTiersPerBookingType: [
          {
            bookingType: "HOTEL",
            allowedEntityTypes: ["COMPANY"],
            preferenceTiers: [
              { level: "TIER_1", label: "a", showLabel: false },
              { level: "TIER_1", label: "b", showLabel: false },
            ],
          },
        ],
      }),
      /preferenceTiersPerBookingType\.0\.preferenceTiers\.1\.level: repeats TIER_1/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", urlOf("travel-content-config"), {
        airConfig: {
          fareCategoryFilter: [1, 2].map(() => ({
            priority: 1,
            origin: location("*"),
            destination: location("*"),
            fareCategoryOption: [],
          })),
        },
      }),
      /airConfig\.fareCategoryFilter\.1\.priority: repeats 1/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", urlOf("white-label-config"), {
        fromEmailAddress: "not-an-address",
      }),
      /fromEmailAddress: must be an e-mail address/,
    );
  });
});
