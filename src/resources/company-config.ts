/**
 * The CompanyConfig resource: one of a company's configuration documents (travel content, white
 * label, managers, color, preference tiers, enrollment, tier, stealth), stored whole with PUT.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { apiPath, type QueryValue } from "../client";
import {
  type ArgsOf,
  badSegment,
  containsUnknown,
  type ImportTarget,
  type InputShape,
  keyedWithin,
  oneOf,
  segmentsForm,
  type TenantFacts,
} from "../provider/kit";
import { defineCompanySetting } from "./company-setting";
import { CONFIG_DOCUMENTS, type ConfigDocumentKind } from "../schemas/company-config-documents";
import { readUnlessGone } from "./gone";
import { platformIdSchema } from "../schemas/common";

/** A kind of company config. */
export type CompanyConfigKind = ConfigDocumentKind;

const kindSchema = z.enum(Object.keys(CONFIG_DOCUMENTS) as [CompanyConfigKind, ...CompanyConfigKind[]]);

/** The company roles a config document can be stored at. */
const configRoleSchema = z.enum(["ORG", "TMC", "PARTNER_TMC"]);

/** Inputs of {@link CompanyConfig}. */
export const companyConfigInputsSchema = z
  .strictObject({
    /** The company; changing it replaces the resource. */
    companyId: platformIdSchema("an id"),
    /**
     * Which config: `travel-content`, `white-label`, `managers`, `color`, `preference-tiers`,
     * `enrollment`, `tier` or `stealth`. Changing it replaces the resource.
     */
    kind: kindSchema,
    /**
     * The company role the config is stored at: one of the company's roles. Required for
     * `white-label`, `managers` and `color`; `tier` and `stealth` take it optionally (default the
     * company's first role); the other kinds have one document per company and ignore it.
     * Changing it replaces the resource for the kinds stored per role (the new role holds another
     * document), and is an update for the others.
     */
    companyRole: configRoleSchema.optional(),
    /**
     * The whole config document in the platform's shape (for `color`, a `ColorConfig`; for
     * `enrollment`, an `EnrollmentConfig`; ...). It is stored whole: fields left out are cleared.
     * Kinds the platform cannot delete (`color`, `preference-tiers`, `enrollment`, `tier`,
     * `stealth`) stay on the platform when the resource is deleted.
     */
    config: z.record(z.string(), z.unknown()),
  })
  .superRefine((inputs, ctx) => {
    if (CONFIG_DOCUMENTS[inputs.kind].companyRole === "required" && inputs.companyRole === undefined) {
      ctx.addIssue({ code: "custom", path: ["companyRole"], message: `is required for kind ${inputs.kind}` });
    }
    const result = CONFIG_DOCUMENTS[inputs.kind].schema.safeParse(inputs.config);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: "custom", path: ["config", ...issue.path], message: issue.message });
      }
    }
  });

type ConfigInputs = z.output<typeof companyConfigInputsSchema>;

/** The inputs with `config` typed by the document schema of each kind, for the normalizer. */
const inputsByKind = new Map(
  (Object.keys(CONFIG_DOCUMENTS) as CompanyConfigKind[]).map((kind) => [
    kind,
    z.object({ ...companyConfigInputsSchema.shape, config: CONFIG_DOCUMENTS[kind].schema }),
  ]),
);
type ConfigState = { configId: string };

function locate(inputs: Pick<ConfigInputs, "companyId" | "kind" | "companyRole">): {
  path: string;
  query: Record<string, QueryValue>;
} {
  const { segment, companyRole } = CONFIG_DOCUMENTS[inputs.kind];
  const role = companyRole === "none" ? undefined : inputs.companyRole;
  return {
    path: `${apiPath`/v2/companies/${inputs.companyId}`}/${segment}`,
    query: role === undefined ? {} : { companyRole: role },
  };
}

/** The platform's not-found code of a configuration document: `TIER_CONFIG_NOT_FOUND`. */
const documentNotFoundCode = (kind: CompanyConfigKind) =>
  `${CONFIG_DOCUMENTS[kind].segment.toUpperCase().replace(/[^A-Z]+/g, "_")}_NOT_FOUND`;

const idOf = (inputs: Pick<ConfigInputs, "companyId" | "kind">) => `${inputs.companyId}/${inputs.kind}`;

/** The roles a document of `kind` is stored at in `company`; `[undefined]` for kinds kept once. */
function rolesOf(kind: CompanyConfigKind, company: Record<string, unknown>): ConfigInputs["companyRole"][] {
  if (CONFIG_DOCUMENTS[kind].companyRole === "none") return [undefined];
  const roles: unknown[] = Array.isArray(company.companyRoles) ? company.companyRoles : [];
  return roles.flatMap((role) => {
    const parsed = configRoleSchema.safeParse(role);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The document `<companyId>/<kind>[/<companyRole>]` names: the role is given for the kinds stored
 * per role (required where the kind requires it) and never for the kinds kept once.
 */
function importTarget(companyId: string, kind: string, companyRole: string | undefined): ImportTarget {
  const known = oneOf("CompanyConfig", "kind", kind, kindSchema.options);
  const taken = CONFIG_DOCUMENTS[known].companyRole;
  if (companyRole === undefined && taken === "required")
    throw badSegment(
      "CompanyConfig",
      "companyRole",
      `is required for kind ${kind}: <companyId>/${kind}/<companyRole>`,
    );
  if (companyRole !== undefined && taken === "none")
    throw badSegment("CompanyConfig", "companyRole", `is not taken by kind ${kind}, kept once per company`);
  const role =
    companyRole === undefined
      ? undefined
      : oneOf("CompanyConfig", "companyRole", companyRole, configRoleSchema.options);
  const inputs = { companyId, kind: known, ...(role === undefined ? {} : { companyRole: role }) };
  return { id: idOf(inputs), inputs };
}

/** The manifest's `configs`; export reads every document the company has stored, at each role. */
const configTenant: TenantFacts = {
  manifest: { section: "configs" },
  inventory: {
    async list({ client, company }, { companyId }) {
      const out = [];
      for (const kind of Object.keys(CONFIG_DOCUMENTS) as CompanyConfigKind[])
        for (const companyRole of rolesOf(kind, company)) {
          const { path, query } = locate({ companyId, kind, companyRole });
          const config = await readUnlessGone(["COMPANY_NOT_FOUND", documentNotFoundCode(kind)], () =>
            client.get<Record<string, unknown>>(path, { query }),
          );
          if (config !== undefined) out.push({ id: `${companyId}/${kind}`, kind, companyRole, config });
        }
      return out;
    },
    reconcile: { omitted: "a setting of the company: it exists with the company, nobody deletes it" },
  },
};

/** The CompanyConfig definition. Its id is `<companyId>/<kind>`. */
export const companyConfigResource = defineCompanySetting<
  ConfigInputs,
  ConfigState,
  typeof companyConfigInputsSchema
>({
  type: "CompanyConfig",
  inputs: companyConfigInputsSchema,
  outputs: [],
  notFoundCodes: [
    "COMPANY_NOT_FOUND",
    ...(Object.keys(CONFIG_DOCUMENTS) as CompanyConfigKind[]).map(documentNotFoundCode),
  ],
  // A whole document stored with PUT: repeating the create is harmless.
  recovery: { strategy: "idempotent" },
  async create({ client }, inputs, created) {
    const { path, query } = locate(inputs);
    await client.put(path, { body: inputs.config, query });
    created(idOf(inputs));
    return { id: idOf(inputs), state: { configId: idOf(inputs) } };
  },
  async read({ client }, id, declared) {
    const { path, query } = locate(declared);
    const config = await readUnlessGone(["COMPANY_NOT_FOUND", documentNotFoundCode(declared.kind)], () =>
      client.get<Record<string, unknown>>(path, { query }),
    );
    if (!config) return undefined;
    return { observed: { ...declared, config }, state: { configId: id } };
  },
  async update({ client }, id, news) {
    const { path, query } = locate(news);
    await client.put(path, { body: news.config, query });
    return { configId: id };
  },
  async delete({ client }, _id, declared) {
    if (!CONFIG_DOCUMENTS[declared.kind].deletable) return;
    const { path, query } = locate(declared);
    await client.delete(path, { query });
  },
  capabilities: {
    replacement: {
      replaceOn: ["companyId", "kind"],
      // The role locates the document only for the kinds stored per role; the others ignore it, so a
      // changed role there is an update (one PUT of the same document), not a replacement.
      replaceWhen: {
        inputs: ["companyRole"],
        when: 'the kind is stored per role (a `companyRole` other than "not taken" in the table above)',
        rule: (olds, news) =>
          (containsUnknown(news.companyRole) || olds.companyRole !== news.companyRole) &&
          (containsUnknown(news.kind) ||
            CONFIG_DOCUMENTS[news.kind as CompanyConfigKind]?.companyRole !== "none")
            ? ["companyRole"]
            : [],
      },
      // A singleton: the replacement writes the same document the old resource's delete removes, so
      // the old one goes first (docs/reliability.md).
      deleteBeforeReplace: true,
    },
    outputRules: {
      idOutput: "configId",
    },
    preview: {
      // The kind picks the document's schema and path: while it is unknown there is nothing to judge.
      vendorRequests: (inputs) =>
        containsUnknown(inputs.kind)
          ? []
          : [
              {
                method: "PUT",
                path: locate(inputs).path,
                body: inputs.config,
                inputPathOf: (at) => ["config", ...at],
              },
            ],
    },
    diff: {
      // The document's keyed arrays (profile colors by title, tiers by tier, ...) by their keys.
      keyedInputs: {
        config: keyedWithin(
          (values) =>
            typeof values.kind === "string" && Object.hasOwn(CONFIG_DOCUMENTS, values.kind)
              ? CONFIG_DOCUMENTS[values.kind as CompanyConfigKind].schema
              : undefined,
          "a profile color's `title`, a tier's `tier`, a stealth mode's `stealthType`, a manager's `id`, " +
            "preference tiers' `bookingType` and `level`, an attribute config's `name`",
        ),
      },
      // Read and diff judge the document by its kind's schema: its sets, its declared properties.
      normalizedBy: (values) =>
        inputsByKind.get(values.kind as CompanyConfigKind) ?? companyConfigInputsSchema,
    },
    adoption: {
      // One document per company and kind (and role, for the kinds stored per role).
      importId: {
        ...segmentsForm(
          ["companyId", "kind"],
          ({ companyId, kind, companyRole }) => importTarget(companyId, kind, companyRole),
          ["companyRole"],
        ),
        note:
          "The kinds stored per role take the role as a third segment (`<companyId>/white-label/ORG`): " +
          "required where the kind requires a `companyRole`, optional for `tier` and `stealth` (default the " +
          "company's first role), refused for the kinds kept once per company. The resource's id stays " +
          "`<companyId>/<kind>`.",
      },
    },
    tenant: configTenant,
  },
});

/** The inputs every kind shares, as the schema validates them. */
type SharedArgs = Omit<ArgsOf<typeof companyConfigInputsSchema>, "kind" | "config">;

/** `T` without index signatures, at every depth, so a misspelt field is a type error. */
type KnownFields<T> = T extends readonly (infer U)[]
  ? KnownFields<U>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: KnownFields<T[K]> }
    : T;

/**
 * The config document a program writes for each kind, derived from the zod schema the preview
 * validates it with, so an editor completes its fields and flags a misspelt one. The runtime
 * schema stays open: a field the platform added after this release is still sent if a program
 * passes it (cast the document to do so).
 */
export type CompanyConfigDocuments = {
  [K in CompanyConfigKind]: InputShape<KnownFields<z.input<(typeof CONFIG_DOCUMENTS)[K]["schema"]>>>;
};

/** `TravelContentConfig`: travel content rules (`kind: "travel-content"`). */
export type TravelContentConfig = CompanyConfigDocuments["travel-content"];
/** `WhiteLabelConfig`: branding, links and e-mail settings (`kind: "white-label"`). */
export type WhiteLabelConfig = CompanyConfigDocuments["white-label"];
/** `CompanyManagersConfig`: account and customer success managers (`kind: "managers"`). */
export type CompanyManagersConfig = CompanyConfigDocuments["managers"];
/** `ColorConfig`: profile tier colors (`kind: "color"`). */
export type ColorConfig = CompanyConfigDocuments["color"];
/** `StorePreferenceTiersRequest`: preference tiers per booking type (`kind: "preference-tiers"`). */
export type PreferenceTiersConfig = CompanyConfigDocuments["preference-tiers"];
/** `EnrollmentConfig`: terms and enrollment settings (`kind: "enrollment"`). */
export type EnrollmentConfig = CompanyConfigDocuments["enrollment"];
/** `TierConfig`: names and icons of the tiers (`kind: "tier"`). */
export type TierConfig = CompanyConfigDocuments["tier"];
/** `StealthConfig`: stealth modes (`kind: "stealth"`). */
export type StealthConfig = CompanyConfigDocuments["stealth"];

/**
 * Arguments of {@link CompanyConfig}: a union discriminated by `kind`, so `config` is typed as
 * that kind's document (`kind: "color"` takes a {@link ColorConfig}, ...).
 */
export type CompanyConfigArgs = {
  [K in CompanyConfigKind]: SharedArgs & {
    /** Which config; changing it replaces the resource. */
    kind: K;
    /**
     * The whole config document of this kind. It is stored whole: fields left out are cleared.
     * Kinds the platform cannot delete (`color`, `preference-tiers`, `enrollment`, `tier`,
     * `stealth`) stay on the platform when the resource is deleted.
     */
    config: pulumi.Input<CompanyConfigDocuments[K]>;
  };
}[CompanyConfigKind];

/** The outputs of a CompanyConfig beside its inputs, as a program reads them. */
export interface CompanyConfigOutputs {
  /** `<companyId>/<kind>`. */
  configId: string;
  /** The stored config document. */
  config: Record<string, unknown>;
}
