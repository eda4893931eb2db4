import { beforeEach, describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv } from "../../src/emulator/core/csv";
import type { VendorPreferencesRecord } from "../../src/emulator/org/records";
import { useFixture } from "./fixtures";
import { call } from "./helpers";
import {
  createLegalEntity,
  expectBadRequest,
  expectError,
  expectGuarded,
  multipart,
  orgFixture,
} from "./org-helpers";

describe("vendor preferences upload", () => {
  const fx = useFixture(orgFixture);
  let url: string;
  beforeEach(() => {
    url = `/v2/companies/${fx.companyId}/vendor-preferences`;
  });

  const upload = async (
    vendorType: string | undefined,
    csv: string | undefined,
    token: string = fx.token,
    target: string = url,
  ) => {
    const { payload, contentType } = await multipart(
      vendorType === undefined ? {} : { vendorType },
      csv === undefined ? undefined : { name: "prefs.csv", content: csv },
    );
    return fx.emu.app.inject({
      method: "POST",
      url: target,
      headers: { authorization: `Bearer ${token}`, "content-type": contentType },
      payload,
    });
  };

  const stored = (): VendorPreferencesRecord[] =>
    Object.values(fx.emu.admin.snapshot().collections.vendorPreferences ?? {}) as VendorPreferencesRecord[];

  it("accepts a CSV (200, no body) and stores its parsed rows per vendor type", async () => {
    const legalEntityId = await createLegalEntity(fx);
    const csv = [
      "vendorCode,preferenceTier,entityType,entityId,vendorName",
      "UA,TIER_1,,,United",
      `LH,TIER_2,LEGAL_ENTITY,${legalEntityId},"Lufthansa, German Airlines"`,
      "BA,TIER_3,COUNTRY,GB,",
      "",
    ].join("\r\n");
    const response = await upload("AIRLINE", csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe("");
    expect(stored()).toEqual([
      expect.objectContaining({
        companyId: fx.companyId,
        vendorType: "AIRLINE",
        fileName: "prefs.csv",
        rows: [
          { vendorCode: "UA", preferenceTier: "TIER_1", entityType: "COMPANY", vendorName: "United" },
          {
            vendorCode: "LH",
            preferenceTier: "TIER_2",
            entityType: "LEGAL_ENTITY",
            entityId: legalEntityId,
            vendorName: "Lufthansa, German Airlines",
          },
          { vendorCode: "BA", preferenceTier: "TIER_3", entityType: "COUNTRY", entityId: "GB" },
        ],
      }),
    ]);

    // A new upload of the same vendor type replaces the old one; another type is kept apart.
    expect((await upload("AIRLINE", "preferenceTier,vendorCode\nTIER_4,AF\n")).statusCode).toBe(200);
    expect((await upload("CAR", "vendorCode,preferenceTier\nZE,TIER_1\n")).statusCode).toBe(200);
    const byType = Object.fromEntries(stored().map((record) => [record.vendorType, record.rows]));
    expect(byType).toEqual({
      AIRLINE: [{ vendorCode: "AF", preferenceTier: "TIER_4", entityType: "COMPANY" }],
      CAR: [{ vendorCode: "ZE", preferenceTier: "TIER_1", entityType: "COMPANY" }],
    });
  });

  it("accepts a header without rows, which clears that vendor type", async () => {
    expect((await upload("HOTEL", "vendorCode,preferenceTier\nP-1,TIER_1\n")).statusCode).toBe(200);
    expect((await upload("HOTEL", "vendorCode,preferenceTier\n")).statusCode).toBe(200);
    expect(stored()[0]?.rows).toEqual([]);
  });

  it("rejects malformed CSV with a clear errorCode and line", async () => {
    expectBadRequest(
      await upload("AIRLINE", 'vendorCode,preferenceTier\n"UA,TIER_1\n'),
      /line 2: a quoted field is not closed/,
      "INVALID_CSV",
    );
    expectBadRequest(
      await upload("AIRLINE", 'vendorCode,preferenceTier\nU"A,TIER_1\n'),
      /line 2: a quote inside/,
      "INVALID_CSV",
    );
    expectBadRequest(await upload("AIRLINE", ""), /empty/, "INVALID_CSV_HEADER");
    expectBadRequest(
      await upload("AIRLINE", "vendorCode\nUA\n"),
      /lacks the required column "preferenceTier"/,
      "INVALID_CSV_HEADER",
    );
    expectBadRequest(
      await upload("AIRLINE", "vendorCode,preferenceTier,colour\n"),
      /column 3 "colour" is unknown/,
      "INVALID_CSV_HEADER",
    );
    expectBadRequest(
      await upload("AIRLINE", "vendorCode,preferenceTier,vendorCode\n"),
      /"vendorCode" is repeated/,
      "INVALID_CSV_HEADER",
    );
    expectBadRequest(
      await upload("AIRLINE", "vendorCode,preferenceTier\nUA\n"),
      /line 2: expected 2 fields, found 1/,
      "INVALID_CSV_ROW",
    );
    expectBadRequest(
      await upload("AIRLINE", "vendorCode,preferenceTier\nUA,TIER_9\n"),
      /line 2, column preferenceTier/,
      "INVALID_CSV_ROW",
    );
    expectBadRequest(
      await upload("AIRLINE", "vendorCode,preferenceTier\nUnited,TIER_1\n"),
      /line 2, column vendorCode: United is not a 2-character IATA airline designator/,
      "INVALID_CSV_ROW",
    );
    expectBadRequest(
      await upload("AIRLINE", "vendorCode,preferenceTier,entityType\nUA,TIER_1,COUNTRY\n"),
      /line 2, column entityId: is required for entityType COUNTRY/,
      "INVALID_CSV_ROW",
    );
    expectBadRequest(
      await upload("AIRLINE", "vendorCode,preferenceTier,entityType,entityId\nUA,TIER_1,LEGAL_ENTITY,nope\n"),
      /line 2, column entityId: nope is not a legal entity of this company/,
      "INVALID_CSV_ROW",
    );
    expectBadRequest(
      await upload("AIRLINE", "vendorCode,preferenceTier\nUA,TIER_1\nDL,TIER_2\nUA,TIER_3\n"),
      /line 4 repeats the preference of line 2/,
      "INVALID_CSV_ROW",
    );
    // Nothing was stored by the refused uploads.
    expect(stored()).toEqual([]);
  });

  it("validates the form fields and the content type", async () => {
    expectBadRequest(await upload(undefined, "vendorCode,preferenceTier\n"), /vendorType/);
    expectBadRequest(await upload("TRAIN", "vendorCode,preferenceTier\n"), /vendorType/);
    expectBadRequest(await upload("CAR", undefined), /file: a CSV file is required/);
    expectError(
      await call(fx.emu, fx.token, "POST", url, { vendorType: "CAR" }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const garbled = await fx.emu.app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${fx.token}`, "content-type": "multipart/form-data; boundary=xyz" },
      payload: "not a multipart body",
    });
    expectError(garbled, 400, "MALFORMED_MULTIPART");
  });

  it("applies the tenant rules", async () => {
    const csv = "vendorCode,preferenceTier\nZE,TIER_1\n";
    expectError(await upload("CAR", csv, fx.otherCompanyAdmin), 403, "PERMISSION_DENIED");
    expectError(await upload("CAR", csv, fx.otherTmcAdmin), 403, "PERMISSION_DENIED");
    expectError(
      await upload(
        "CAR",
        csv,
        fx.token,
        "/v2/companies/00000000-0000-4000-8000-000000000000/vendor-preferences",
      ),
      404,
      "COMPANY_NOT_FOUND",
    );
    expect((await upload("CAR", csv, fx.companyAdmin)).statusCode).toBe(200);
    await expectGuarded(fx, "POST", (companyId) => `/v2/companies/${companyId}/vendor-preferences`, {});
  });
});

describe("parseCsv", () => {
  it.each([
    [
      "a,b\n1,2\n",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      "a,b\r\n1,2",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    ['\uFEFFa,"b ""quoted"""\n', [["a", 'b "quoted"']]],
    [
      'a,"multi\nline"\nx,y',
      [
        ["a", "multi\nline"],
        ["x", "y"],
      ],
    ],
    [
      "a,b\n\n\n1,2\n",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [",\n", [["", ""]]],
    ['""\n', [[""]]],
  ])("parses %j", (text, expected) => {
    expect(parseCsv(text).map((row) => row.cells)).toEqual(expected);
  });

  it("keeps the line number where each record starts", () => {
    expect(parseCsv('h\n"a\nb"\n\nc\n').map((row) => row.line)).toEqual([1, 2, 5]);
  });

  it.each([
    ['"a"b\n', 1],
    ['x\n"open\n', 2],
    ['x\nab"c\n', 2],
  ])("rejects %j at line %i", (text, line) => {
    expect(() => parseCsv(text)).toThrow(CsvSyntaxError);
    try {
      parseCsv(text);
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(line);
    }
  });
});
