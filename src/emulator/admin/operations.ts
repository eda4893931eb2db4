/**
 * The emulator's admin operations (not part of the platform): reset, state snapshot and load,
 * request log, clock, faults, settings, and extra tenants. The HTTP admin API and in-process
 * tests both use this class.
 */
import { z } from "zod";
import type { AdminContext } from "./admin-context";
import { type FaultRule, faultRuleSchema, type InstalledFault } from "./faults";
import { newId } from "../core/ids";
import { COMPANIES } from "../org/records";
import { API_USERS } from "../identity/records";
import type { LoggedRequest } from "./request-log";
import { type BootstrapInfo, readBootstrap } from "../identity/bootstrap";
import { type EmulatorSettings, settingsSchema } from "../core/settings";
import type { StateSnapshot } from "../core/snapshot";
import type { ResponseVariationSetting, VariationCounts } from "../core/response-variation";

/** Admin handle of one emulator. */
export class EmulatorAdmin {
  constructor(private readonly ctx: AdminContext) {}

  /** Restores the seeded state and clears the log, faults, clock offset and rate limits. */
  reset(): void {
    this.ctx.reset();
  }

  /** The bootstrap TMC admin's credentials. */
  bootstrap(): BootstrapInfo {
    const info = readBootstrap(this.ctx.store);
    if (!info) throw new Error("the emulator has no bootstrap credentials; reset it");
    return info;
  }

  snapshot(): StateSnapshot {
    return this.ctx.store.snapshot();
  }

  /**
   * Replaces the whole state with `snapshot` after validating it (structure, depth, and bootstrap
   * credentials that still authenticate). A refused snapshot leaves the state as it was.
   */
  load(snapshot: unknown): void {
    const previous = this.ctx.store.snapshot();
    this.ctx.store.load(snapshot);
    const bootstrap = readBootstrap(this.ctx.store);
    const problem = !bootstrap
      ? "the snapshot has no bootstrap credentials (meta.bootstrap); take it from GET /_emulator/state"
      : !this.ctx.store.records(API_USERS).has(bootstrap.clientId)
        ? `the bootstrap client ${bootstrap.clientId} is not among collections.${API_USERS.collection}`
        : undefined;
    if (problem) {
      this.ctx.store.load(previous);
      throw new Error(`invalid state snapshot: ${problem}`);
    }
  }

  /** Logged platform calls after sequence number `afterSeq`. */
  requests(afterSeq = 0): LoggedRequest[] {
    return this.ctx.log.list(afterSeq);
  }

  /** Calls per route after `afterSeq`. */
  requestCounts(afterSeq = 0): Record<string, number> {
    return this.ctx.log.counts(afterSeq);
  }

  /** Sequence number of the newest logged call; pass it to {@link requests} to see only later calls. */
  get lastRequestSeq(): number {
    return this.ctx.log.lastSeq;
  }

  clearRequests(): void {
    this.ctx.log.clear();
  }

  get clock() {
    return this.ctx.clock;
  }

  /** Installs a fault rule (validated). */
  addFault(rule: Partial<FaultRule>): InstalledFault {
    const parsed = faultRuleSchema.safeParse(rule);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`invalid fault rule ${issue?.path.join(".") || ""}: ${issue?.message ?? "invalid"}`);
    }
    return this.ctx.faults.add(parsed.data);
  }

  removeFault(id: string): boolean {
    return this.ctx.faults.remove(id);
  }

  clearFaults(): void {
    this.ctx.faults.clear();
  }

  faults(): InstalledFault[] {
    return this.ctx.faults.list();
  }

  /**
   * Turns response variation on with `setting` (`{ seed, families?, rate? }`, validated), or off
   * with undefined; its counts start over.
   */
  setResponseVariation(setting: unknown): ResponseVariationSetting | undefined {
    try {
      return this.ctx.variation.configure(setting);
    } catch (error) {
      const issue = error instanceof z.ZodError ? error.issues[0] : undefined;
      if (!issue) throw error;
      throw new Error(`invalid response variation ${issue.path.join(".")}: ${issue.message}`, {
        cause: error,
      });
    }
  }

  /** The variation setting (undefined when off) and what it did since it was set. */
  responseVariation(): { setting: ResponseVariationSetting | undefined; counts: VariationCounts } {
    return { setting: this.ctx.variation.current, counts: this.ctx.variation.counts() };
  }

  settings(): EmulatorSettings {
    return this.ctx.settings;
  }

  /** Changes settings; the result is validated as a whole. */
  updateSettings(patch: Partial<EmulatorSettings>): EmulatorSettings {
    const parsed = settingsSchema.safeParse({ ...this.ctx.settings, ...patch });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`invalid settings ${issue?.path.join(".") || ""}: ${issue?.message ?? "invalid"}`);
    }
    this.ctx.settings = parsed.data;
    return parsed.data;
  }

  /** Creates another TMC with its own TMC admin, for tenant-isolation scenarios. */
  createTmc(name: string): BootstrapInfo {
    const tmcId = newId();
    this.ctx.store.records(COMPANIES).set(tmcId, {
      id: { id: tmcId },
      name,
      billingCurrency: "USD",
      companyRoles: ["TMC"],
      isActive: true,
      tmcId,
      createdAtMs: this.ctx.clock.now(),
    });
    const minted = this.ctx.identity.createApiUser({
      role: "TMC_ADMIN",
      tmcId,
      credentialType: "CLIENT_CREDENTIALS",
    });
    return { tmcId, clientId: minted.record.clientId, clientSecret: minted.clientSecret };
  }

  /** Creates a COMPANY_ADMIN API user for `companyId` without the quota (a test convenience). */
  createCompanyAdmin(companyId: string): { clientId: string; clientSecret: string } {
    const company = this.ctx.store.records(COMPANIES).get(companyId);
    if (!company) throw new Error(`company ${companyId} does not exist`);
    const minted = this.ctx.identity.createApiUser({
      role: "COMPANY_ADMIN",
      tmcId: company.tmcId,
      companyId,
      credentialType: "CLIENT_CREDENTIALS",
    });
    return { clientId: minted.record.clientId, clientSecret: minted.clientSecret };
  }
}
