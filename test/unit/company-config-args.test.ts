/**
 * CompanyConfig's Args are typed per kind (checked by `npm run typecheck`, which covers this file:
 * each `@ts-expect-error` fails the type check when the error it marks goes away), while the
 * runtime schema still checks whatever a JavaScript program passes.
 */
import { describe, expect, it } from "vitest";
import type { ColorConfig, CompanyConfigArgs, StealthConfig } from "../../src";
import { companyConfigInputsSchema } from "../../src/resources/company-config";

const color: ColorConfig = { profileColors: [{ title: "PROFILE_TIER_GOLD_COLOR", color: "#d4af37" }] };
const stealth: StealthConfig = { stealthModes: [{ stealthType: "STEALTH_TYPE_1", label: "Executive" }] };

const typed: CompanyConfigArgs[] = [
  { companyId: "c1", kind: "color", companyRole: "ORG", config: color },
  { companyId: "c1", kind: "stealth", config: stealth },
  { companyId: "c1", kind: "enrollment", config: { termsAndConditions: "Be nice." } },
  // @ts-expect-error a stealth document is not a color document
  { companyId: "c1", kind: "color", companyRole: "ORG", config: stealth },
  // @ts-expect-error a misspelt field
  { companyId: "c1", kind: "color", companyRole: "ORG", config: { profileColours: [] } },
  {
    companyId: "c1",
    kind: "color",
    companyRole: "ORG",
    // @ts-expect-error an unknown color title
    config: { profileColors: [{ title: "RED", color: "#f00" }] },
  },
  // @ts-expect-error termsAndConditions is required in an enrollment document
  { companyId: "c1", kind: "enrollment", config: { skipOfacComplianceCheck: true } },
];

describe("CompanyConfig args", () => {
  it("the runtime schema accepts the typed documents and rejects mistyped fields with a path", () => {
    const results = typed.map((args) => companyConfigInputsSchema.safeParse(args));
    expect(results.slice(0, 3).map((result) => result.success)).toEqual([true, true, true]);
    const issues = results.slice(3).map((result) => result.error?.issues.map((i) => i.path.join(".")));
    // Documents are open objects at runtime, so only the types catch unknown fields.
    expect(issues).toEqual([
      undefined,
      undefined,
      ["config.profileColors.0.title"],
      ["config.termsAndConditions"],
    ]);
  });
});
