/**
 * Seeds: the initial state of an emulator (its TMC, API users with fixed credentials, companies
 * and settings), from a YAML or JSON file or an object.
 */
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { seedCarTrips } from "./car/seed";
import type { EmulatorContext } from "./context";
import { newId } from "./core/ids";
import { type BootstrapInfo, writeBootstrap } from "./identity/bootstrap";
import { COMPANIES } from "./org/records";
import { settingsSchema } from "./core/settings";

export type { BootstrapInfo } from "./identity/bootstrap";

const seedApiUser = z
  .object({
    clientId: z.string().min(6).optional(),
    clientSecret: z.string().min(12).optional(),
    role: z.enum(["TMC_ADMIN", "COMPANY_ADMIN"]).default("TMC_ADMIN"),
    /** For COMPANY_ADMIN: the `key` or id of a seeded company. */
    company: z.string().optional(),
  })
  .strict()
  .refine((u) => (u.clientId === undefined) === (u.clientSecret === undefined), {
    message: "clientId and clientSecret go together",
  });

const seedCompany = z.looseObject({
  /** A name other seed entries use to refer to this company. */
  key: z.string().optional(),
  id: z.string().uuid().optional(),
  name: z.string().min(1),
  billingCurrency: z.string().default("USD"),
  companyRoles: z.array(z.string()).default(["ORG"]),
});

/** The seed file format. */
export const seedSchema = z
  .object({
    settings: settingsSchema.partial().optional(),
    tmc: z
      .object({ id: z.string().uuid().optional(), name: z.string().min(1).default("Emulator TMC") })
      .strict()
      .default({ name: "Emulator TMC" }),
    apiUsers: z.array(seedApiUser).default([]),
    companies: z.array(seedCompany).default([]),
  })
  .strict();

/** A parsed seed. */
export type Seed = z.output<typeof seedSchema>;

/** Reads and validates a seed file (YAML or JSON); errors name the file and the field. */
export function loadSeedFile(path: string): Seed {
  const text = readFileSync(path, "utf8");
  return parseSeed(parseYaml(text) ?? {}, path);
}

/** Validates a seed object. */
export function parseSeed(value: unknown, source = "seed"): Seed {
  const result = seedSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`${source}: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`);
}

/**
 * Writes the seed into an empty store and returns the bootstrap credentials. `previous`
 * credentials (from before a reset) are kept when the seed fixes none, so a reset never
 * invalidates the credentials a user was given.
 */
export function applySeed(ctx: EmulatorContext, seed: Seed, previous?: BootstrapInfo): BootstrapInfo {
  const tmcId = seed.tmc.id ?? previous?.tmcId ?? newId();
  const companies = ctx.store.records(COMPANIES);
  companies.set(tmcId, {
    id: { id: tmcId },
    name: seed.tmc.name,
    billingCurrency: "USD",
    companyRoles: ["TMC"],
    isActive: true,
    tmcId,
    createdAtMs: ctx.clock.now(),
  });
  const keys = new Map<string, string>();
  for (const { key, id, ...company } of seed.companies) {
    const companyId = id ?? newId();
    if (key) keys.set(key, companyId);
    companies.set(companyId, {
      ...company,
      id: { id: companyId },
      contractedBy: { id: tmcId },
      isActive: true,
      tmcId,
      createdAtMs: ctx.clock.now(),
    });
  }

  seedCarTrips(ctx, tmcId);
  let bootstrap: BootstrapInfo | undefined;
  for (const user of seed.apiUsers) {
    const companyId = user.company === undefined ? undefined : (keys.get(user.company) ?? user.company);
    if (user.role === "COMPANY_ADMIN" && (companyId === undefined || !companies.has(companyId))) {
      throw new Error(
        `seed: apiUsers: COMPANY_ADMIN ${user.clientId ?? ""} needs the key or id of a seeded company`,
      );
    }
    const minted = ctx.identity.createApiUser(
      {
        role: user.role,
        tmcId,
        companyId: user.role === "COMPANY_ADMIN" ? companyId : undefined,
        credentialType: "CLIENT_CREDENTIALS",
      },
      { clientId: user.clientId, clientSecret: user.clientSecret },
    );
    if (!bootstrap && user.role === "TMC_ADMIN") {
      bootstrap = { tmcId, clientId: minted.record.clientId, clientSecret: minted.clientSecret };
    }
  }
  if (!bootstrap) {
    const minted = ctx.identity.createApiUser(
      { role: "TMC_ADMIN", tmcId, credentialType: "CLIENT_CREDENTIALS" },
      { clientId: previous?.clientId, clientSecret: previous?.clientSecret },
    );
    bootstrap = { tmcId, clientId: minted.record.clientId, clientSecret: minted.clientSecret };
  }
  writeBootstrap(ctx.store, bootstrap);
  return bootstrap;
}
