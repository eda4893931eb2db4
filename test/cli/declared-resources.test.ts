/**
 * What a manifest declares, recorded under Pulumi's mocks for `export --format typescript`:
 * references to other resources' outputs, placeholders as stack config, text of any kind, and the
 * program written from them. No platform: the manifest is a value.
 */
import { describe, expect, it } from "vitest";
import {
  type DeclaredResource,
  declaredResources,
  OutputReference,
  StackValueReference,
} from "../../src/cli/declared-resources";
import { programSource } from "../../src/cli/typescript-program";

const COMPANY_ID = "00000000-0000-4000-8000-00000000c001";
const ODD_NAME = 'O\'Brien "Travel"\nDesk ☕ \u2028';

const manifest = (companyName: string) => ({
  company: { name: companyName, billingCurrency: "USD", adoptId: COMPANY_ID },
  legalEntities: {
    "le-us": {
      name: "Acme US",
      billingCurrency: "USD",
      address: { addressLines: ["1 Main Street"], regionCode: "US" },
      adoptId: "00000000-0000-4000-8000-00000000e001",
    },
  },
  offices: {
    delete: { legalEntity: "le-us", name: ODD_NAME, adoptId: "00000000-0000-4000-8000-00000000f001" },
  },
});

describe("the resources a manifest declares", () => {
  it("records parents' outputs as references and placeholders as stack config, parents first", async () => {
    const resources = await declaredResources(manifest("${secret:company-name}"));
    expect(resources.map(({ type, name }) => `${type} ${name}`)).toEqual([
      "Company company",
      "LegalEntity le-us",
      "Office delete",
    ]);
    const [company, legalEntity, office] = resources as [
      DeclaredResource,
      DeclaredResource,
      DeclaredResource,
    ];
    expect(company.inputs).toEqual({
      name: new StackValueReference("secret", "company-name"),
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      adoptId: COMPANY_ID,
    });
    expect(office.inputs).toEqual({
      companyId: new OutputReference(company, "id"),
      legalEntityId: new OutputReference(legalEntity, "id"),
      name: ODD_NAME,
      adoptId: "00000000-0000-4000-8000-00000000f001",
    });
  });

  it("writes them as a program: outputs by variable, secrets from config, names as literals", async () => {
    const resources = await declaredResources(manifest("${secret:company-name}"));
    const program = programSource(resources, {
      companyId: COMPANY_ID,
      project: "acme",
      stackValues: [{ name: "company-name", path: "company.name", secret: true }],
      notes: [],
    });
    expect(program).toContain("//   pulumi config set --secret company-name <value>    # company.name\n");
    expect(program).toContain('import * as pulumi from "@pulumi/pulumi";\n');
    expect(program).toContain('import { Company, LegalEntity, Office } from "pulumi-travel";\n');
    expect(program).toContain('  name: config.requireSecret("company-name"),\n');
    expect(program).toContain('const leUs = new LegalEntity("le-us", {\n  companyId: company.companyId,\n');
    // A resource no other reads gets no variable; one that does, a name that is not reserved.
    expect(program).toContain(
      'new Office("delete", {\n  companyId: company.companyId,\n  legalEntityId: leUs.legalEntityId,\n' +
        '  name: "O\'Brien \\"Travel\\"\\nDesk ☕ \\u2028",\n',
    );
    expect(program.endsWith("\nexport const companyId = company.companyId;\n")).toBe(true);
  });

  it("refuses a value that mixes a placeholder with text, which no one expression writes", async () => {
    await expect(declaredResources(manifest("Acme ${config:suffix}"))).rejects.toThrow(
      "export: company.name mixes a value the program cannot write as one expression",
    );
  });
});
