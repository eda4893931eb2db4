/**
 * Policies whose rule spans resources of the stack: every company has a legal entity, a resource
 * names its company by the company's output (not a literal id), an enabled custom field has an arm,
 * and a field order names only custom fields it may order. A resource names another through an
 * input the registry knows (`companyId`, `customFieldId`, `fieldIds`), by output or by literal id
 * (`values.ts`, {@link referenceTo}).
 */
import type { ResourceType } from "../resources/registry";
import { stackPolicy, type StackResource, type TravelPolicy } from "./policy-kit";
import { travelTypeOf, typesWithInput } from "./travel-type";
import { idsOf, knownString, read, readList, referenceTo, UNKNOWN } from "./values";

const ofType = (resources: StackResource[], type: ResourceType) =>
  resources.filter((resource) => resource.travelType === type);

/** True when some resource of `type` names `target` through input `key`, by output or literal. */
function isNamedBy(
  resources: StackResource[],
  type: ResourceType,
  key: string,
  target: StackResource,
): boolean {
  return ofType(resources, type).some(
    (resource) => referenceTo(resource, key, target.resource, target.travelType) !== undefined,
  );
}

/** Every company of the stack has a legal entity (invoicing, tax and billing identity). */
export const companyLegalEntityPolicy: TravelPolicy = stackPolicy(
  {
    name: "travel-company-legal-entity",
    description:
      "Every company the stack declares has at least one legal entity in the stack: without one the company " +
      "cannot be invoiced, and offices (which belong to a legal entity) cannot be added.",
    enforcementLevel: "advisory",
    types: ["Company", "LegalEntity"],
    config: {},
    remediation:
      "Declare a `LegalEntity` with `companyId: company.companyId` (or a `legalEntities` entry in the manifest).",
  },
  (resources, _config, report) => {
    for (const company of ofType(resources, "Company")) {
      if (!isNamedBy(resources, "LegalEntity", "companyId", company))
        report(company, "no LegalEntity of the stack names this company (companyId); declare one for it.");
    }
  },
);

/** The inputs that hold a company's id, in the types that have them. */
const COMPANY_ID_INPUTS = ["companyId", "orgId"] as const;

/** Resources name their company by its output, so the engine orders them after it and deletes them before it. */
export const companyReferencePolicy: TravelPolicy = stackPolicy(
  {
    name: "travel-company-reference",
    description:
      "A resource names a company of the same stack by the company's output (`company.companyId`), never by its " +
      "literal id: with a literal there is no dependency, so the engine may create it before the company, and " +
      "delete the company at the same time as it (docs/api-decisions.md).",
    enforcementLevel: "mandatory",
    types: [...new Set(COMPANY_ID_INPUTS.flatMap((input) => typesWithInput(input)))],
    config: {},
    remediation: "Pass the company's output (`companyId: company.companyId`) instead of its id as a string.",
  },
  (resources, _config, report) => {
    const companies = ofType(resources, "Company");
    for (const resource of resources) {
      // Inputs only: a company's own companyId is its id output.
      for (const input of COMPANY_ID_INPUTS.filter((name) =>
        typesWithInput(name).includes(resource.travelType),
      )) {
        const company = companies.find(
          (candidate) => referenceTo(resource, input, candidate.resource, "Company") === "literal",
        );
        if (company !== undefined)
          report(
            resource,
            `${input} names company "${company.name}" of this stack by its literal id, so it has no dependency on it; ` +
              `pass ${company.name}'s output (companyId: company.companyId) instead.`,
          );
      }
    }
  },
);

/** An enabled custom field has an arm: without one, travelers are asked a question with no rule. */
export const customFieldArmPolicy: TravelPolicy = stackPolicy(
  {
    name: "travel-custom-field-arm",
    description:
      "A custom field the stack enables (`enabled: true`) has at least one `Arm` in the stack: a field with no arm " +
      "applies to nobody and offers nothing to choose.",
    enforcementLevel: "advisory",
    types: ["CustomField", "Arm"],
    config: {},
    remediation: "Declare an `Arm` with `customFieldId: field.customFieldId`, or leave the field disabled.",
  },
  (resources, _config, report) => {
    for (const field of ofType(resources, "CustomField")) {
      if (read(field.props, "enabled") !== true) continue;
      if (!isNamedBy(resources, "Arm", "customFieldId", field))
        report(
          field,
          "enabled is true but no Arm of the stack names this field (customFieldId); declare one or disable it.",
        );
    }
  },
);

/** The level a custom field or an order is at (its `companyRole`, default ORG), or undefined when unknown. */
function levelOf(resource: StackResource): string | undefined {
  const level = read(resource.props, "companyRole");
  if (level === UNKNOWN) return undefined;
  return typeof level === "string" ? level : "ORG";
}

/**
 * The company a resource names (`companyId`): the URNs of the resources its value comes from, or
 * its literal value; undefined when unknown.
 */
function companyOf(resource: StackResource): string | undefined {
  const from = (resource.propertyDependencies.companyId ?? []).map((dependency) => dependency.urn);
  if (from.length > 0) return `output of ${from.sort().join(" ")}`;
  const id = knownString(resource.props, "companyId");
  return id === undefined ? undefined : `id ${id}`;
}

/** True when two {@link companyOf} answers can be compared: both outputs, or both ids. */
const comparable = (a: string, b: string) => a.split(" ")[0] === b.split(" ")[0];

/** A field order names only custom fields the stack declares or looks up, of its own company and level. */
export const fieldOrderPolicy: TravelPolicy = stackPolicy(
  {
    name: "travel-field-order",
    description:
      "A `CustomFieldOrder` names only custom fields: each entry of `fieldIds` is a `CustomField` of the stack " +
      "(by output or id) at the order's company and level, or an id the program looked up (a known string, which " +
      "the provider checks against the platform at preview); never the output of a resource that is not a custom field.",
    enforcementLevel: "mandatory",
    types: ["CustomFieldOrder", "CustomField"],
    config: {},
    remediation:
      "List `field.customFieldId` of the stack's fields at the order's `companyRole`, or ids found with `getCustomField`.",
  },
  (resources, _config, report) => {
    const fields = ofType(resources, "CustomField");
    for (const order of ofType(resources, "CustomFieldOrder")) {
      const dependencies = order.propertyDependencies.fieldIds ?? [];
      for (const dependency of dependencies) {
        // A field looked up with getCustomFieldOutput({ companyId: company.companyId, ... }) depends on its company.
        if (travelTypeOf(dependency.type) === "Company") continue;
        if (fields.some((field) => field.urn === dependency.urn)) continue;
        report(
          order,
          `fieldIds names an output of ${dependency.type} "${dependency.name}", which is not a custom field.`,
        );
      }
      const entries = (readList(order.travelType, order.props, "fieldIds") ?? []).filter(
        (entry): entry is string => typeof entry === "string",
      );
      const named = fields.filter(
        (field) =>
          dependencies.some((dependency) => dependency.urn === field.urn) ||
          idsOf("CustomField", field.resource).some((id) => entries.includes(id)),
      );
      const level = levelOf(order);
      const company = companyOf(order);
      for (const field of named) {
        const fieldLevel = levelOf(field);
        if (level !== undefined && fieldLevel !== undefined && fieldLevel !== level)
          report(
            order,
            `fieldIds names custom field "${field.name}" at ${fieldLevel}, but the order is at ${level}.`,
          );
        const fieldCompany = companyOf(field);
        if (company && fieldCompany && comparable(company, fieldCompany) && fieldCompany !== company)
          report(
            order,
            `fieldIds names custom field "${field.name}" of another company than the order's (companyId).`,
          );
      }
    }
  },
);
