/**
 * Builds a tenant in a running emulator through the API alone (no Pulumi), as a person would by
 * hand: the shape of the export round trip, used by the export tests.
 */
import { generateKeyPairSync } from "node:crypto";
import { apiPath, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { companyChildren } from "./company-children";

/** Ids of what {@link buildTenant} made. */
export interface BuiltTenant {
  companyId: string;
  legalEntityIds: string[];
  costCenterIds: string[];
  customFieldIds: string[];
  groupId: string;
  /** The partner key `partner-a-2026`, as PEM (the platform does not return it). */
  partnerKeyPem: string;
  /** Objects made of the other company children of the table (one each). */
  otherChildren: number;
}

/** The company children built below by hand; every other row of the table gets one object. */
const BUILT_CHILDREN = new Set(["LegalEntity", "Office", "CostCenter", "Department", "Grade"]);

/** Company Ids of the platform roles the emulator seeds (fixed). */
const REPORT_VIEWER = "00000000-0000-4000-8000-00000000a003";
const TRAVEL_ARRANGER = "00000000-0000-4000-8000-00000000a002";

const address = (line: string, regionCode: string) => ({ addressLines: [line], regionCode });

/**
 * 1 company, 2 legal entities, 4 offices, 20 cost centers, 5 departments, 4 grades, 3 custom
 * fields (one USER + MANUAL arm with options each, two of them enabled), a custom user group with
 * two role assignments (one scoped to a legal entity, one to the company), a partner public key,
 * a feature and a per-trip service charge; and one object of each other company child of
 * `test/support/company-children.ts`, so that a new company child is in the round trip.
 */
export async function buildTenant(emulator: RunningEmulator, client: TravelClient): Promise<BuiltTenant> {
  const post = (path: string, body: unknown) => client.post<Record<string, unknown>>(path, { body });
  const idOf = (response: Record<string, unknown>) =>
    typeof response.id === "string" ? response.id : String((response.id as { id: string }).id);
  const companyId = idOf(
    await post("/v2/companies", {
      name: "Initech",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      externalId: "initech",
      emailDomains: ["initech.example"],
    }),
  );
  const base = apiPath`/v2/companies/${companyId}`;
  await client.patch(`${base}/features`, {
    body: { featuresToUpdate: [{ name: "FEATURE_PERSONAL_TRAVEL", value: "true" }] },
  });
  await client.post(apiPath`/v2/license/company/${companyId}/service-charge/per-trip`, {
    body: { config: { charges: [{ amount: 12, currencyCode: "USD" }] } },
    idempotent: true,
  });
  const legalEntityIds: string[] = [];
  for (const [name, currency, region] of [
    ["Initech US", "USD", "US"],
    ["Initech UK", "GBP", "GB"],
  ] as const) {
    legalEntityIds.push(
      idOf(
        await post(`${base}/legal-entities`, {
          name,
          billingCurrency: currency,
          address: address(`1 ${name} Way`, region),
          externalId: `le-${region.toLowerCase()}`,
        }),
      ),
    );
  }
  for (const [index, name] of ["Austin", "Dallas", "London", "Leeds"].entries()) {
    const legalEntityId = legalEntityIds[index < 2 ? 0 : 1] as string;
    await post(`${base}${apiPath`/legal-entities/${legalEntityId}/offices`}`, { name });
  }
  const costCenterIds: string[] = [];
  for (let n = 1; n <= 20; n++) {
    const body =
      n % 2 === 0 ? { name: `Cost center ${n}`, externalId: `cc-${n}` } : { name: `Cost center ${n}` };
    costCenterIds.push(idOf(await post(`${base}/cost-centers`, body)));
  }
  for (const name of ["Sales", "Engineering", "Finance", "Legal", "Support"])
    await post(`${base}/departments`, { name });
  for (const name of ["Associate", "Senior", "Principal", "Director"]) await post(`${base}/grades`, { name });
  const others = companyChildren.filter((row) => !BUILT_CHILDREN.has(row.type));
  for (const row of others)
    await post(row.collection({ companyId, legalEntityId: legalEntityIds[0] ?? "" }), row.body);

  const fields = apiPath`/v3/companies/${companyId}/custom-fields`;
  const customFieldIds: string[] = [];
  for (const [index, name] of ["Project code", "Trip purpose", "Client"].entries()) {
    const field = await client.post<{ id: string }>(fields, {
      query: { companyRole: "ORG" },
      body: { name, description: `${name} of the trip` },
    });
    customFieldIds.push(field.id);
    const arm = await client.post<{ armId: string; optionGroupId: string }>(
      `${fields}${apiPath`/${field.id}/arms`}`,
      {
        body: {
          name: "Everyone",
          action: { type: "USER", userOptionSource: { type: "MANUAL" } },
          audiences: [],
        },
      },
    );
    await client.patch(`${fields}${apiPath`/${field.id}/option-groups/${arm.optionGroupId}`}`, {
      body: { toUpdate: [1, 2, 3].map((n) => ({ name: `${name} ${n}` })) },
    });
    if (index < 2)
      await client.patch(`${fields}/update-status`, {
        query: { companyRole: "ORG" },
        body: { fieldsToUpdate: [{ id: field.id, enabled: true }] },
      });
  }

  const response = await fetch(`${emulator.url}/_emulator/companies/${companyId}/user-groups`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Travel desk" }),
  });
  if (response.status !== 201) throw new Error(`creating the user group answered ${response.status}`);
  const groupId = ((await response.json()) as { id: string }).id;
  await client.patch(apiPath`/v3/companies/${companyId}/user-groups/${groupId}/roles`, {
    body: {
      rolesToAdd: [
        {
          roleId: REPORT_VIEWER,
          scope: { audiences: [{ predicates: [{ type: "LEGAL_ENTITY", id: legalEntityIds[0] }] }] },
        },
        {
          roleId: TRAVEL_ARRANGER,
          scope: { audiences: [{ predicates: [{ type: "COMPANY", id: companyId }] }] },
        },
      ],
    },
  });
  const publicKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey;
  await client.post(`${base}/partner-public-keys`, {
    body: {
      keyType: "JWKS",
      jwks: {
        keys: [{ ...publicKey.export({ format: "jwk" }), kid: "partner-a-2026", use: "sig", alg: "RS256" }],
      },
    },
  });
  const partnerKeyPem = publicKey.export({ format: "pem", type: "spki" }).toString();
  return {
    companyId,
    legalEntityIds,
    costCenterIds,
    customFieldIds,
    groupId,
    partnerKeyPem,
    otherChildren: others.length,
  };
}
