/**
 * The TenantKey resource: a company's platform-managed encryption key (CMK and DEK). Create
 * provisions it; a changed `rotation` input rotates the master key. The platform allows one call
 * per hour by its clock; preview refuses a rotation sooner, naming when it is due. A lost answer
 * is settled by sending again: a cooldown that began after the first send proves it committed, so
 * nothing is rotated twice and the stack is not blocked. A rotation whose run was killed is settled
 * by the next one the same way: a cooldown that began after the latest call the stack recorded
 * (`rotatedAt`) proves the key was rotated since, so it is recorded, not rotated again. The
 * platform has no read and no delete
 * for it: read only checks that the company still exists, and delete removes the key from the
 * state, with a warning, leaving it on the platform.
 */
import { apiPath, isTravelError, type TravelClient } from "../client";
import {
  type ArgsOf,
  companySettingForm,
  defineResource,
  isAmbiguousCreateFailure,
  platformNowMs,
  type ResourceContext,
  warnRun,
} from "../provider/kit";
import { tenantKeyInputsSchema, tenantKeyResponseSchema } from "../schemas/tenant-key";
import { readUnlessGone } from "./gone";

type TenantKeyInputs = { companyId: string; rotation?: string | undefined };
type TenantKeyState = { configId?: string | undefined; rotatedAt?: string | undefined };

/** Why a deleted TenantKey stays on the platform. */
const NO_DELETE = "the platform has no delete for tenant keys";

/** The platform's cooldown between two provisioning or rotation calls of one key (one hour). */
export const TENANT_KEY_COOLDOWN_MS = 3_600_000;

/** Calls sent for one provisioning or rotation while its answers are lost. */
const MAX_SENDS = 4;

/**
 * How much later than the truth a cooldown's start may be told: `Retry-After` counts whole
 * seconds, rounded up.
 */
const RETRY_AFTER_ROUNDING_MS = 1000;

/** The platform refused a call within the cooldown; `beganAtMs` is when the cooldown began. */
export class TenantKeyCooldownError extends Error {
  readonly code = "TENANT_KEY_COOLDOWN";

  constructor(
    message: string,
    readonly beganAtMs: number | undefined,
    cause: unknown,
  ) {
    super(message, { cause });
    this.name = "TenantKeyCooldownError";
  }
}

/**
 * Recorded rotation times further than this after the platform's now are not the platform's (a
 * state written by a version that used the local clock): preview does not refuse by them.
 */
const FUTURE_TOLERANCE_MS = 60_000;

/**
 * The platform's time at the local instant `localMs` (now by default), by the offset its answers'
 * `Date` showed (`TravelClient.platformClock`); the local time itself before any answer carried
 * one. Every time this resource records or compares is the platform's, never the local clock's.
 */
function platformMs(client: TravelClient, localMs = Date.now()): number {
  return client.platformClock.at(localMs) ?? localMs;
}

/** Provisions or rotates; a cooldown 429 becomes a {@link TenantKeyCooldownError}. */
async function provisionOrRotate(
  client: TravelClient,
  companyId: string,
  action: string,
): Promise<{ configId?: string | undefined; created: boolean }> {
  try {
    return await client.post(apiPath`/v3/tenant-encryption/${companyId}/key`, {
      schema: tenantKeyResponseSchema,
    });
  } catch (error) {
    if (isTravelError(error) && "status" in error && error.status === 429) {
      const retryAfterMs = "retryAfterMs" in error ? (error.retryAfterMs as number | undefined) : undefined;
      // The platform's time, from this answer's Date: the cooldown's start is the platform's.
      const now = platformMs(client);
      const when =
        retryAfterMs === undefined
          ? "in up to one hour"
          : `at ${new Date(now + retryAfterMs).toISOString()} (in ${Math.ceil(retryAfterMs / 1000)} s)`;
      throw new TenantKeyCooldownError(
        `TenantKey ${companyId}: cannot ${action} yet: the platform allows one provisioning or rotation per hour; ` +
          `the next rotation is allowed ${when}. Nothing was changed; run pulumi up again then.`,
        retryAfterMs === undefined ? undefined : now + retryAfterMs - TENANT_KEY_COOLDOWN_MS,
        error,
      );
    }
    throw error;
  }
}

/**
 * One provisioning or rotation that survives lost answers: the call is sent again, and a cooldown
 * that began after the first send proves that send committed (the platform counts the cooldown
 * from the call it took), so the key is never rotated twice for one request. Undefined `configId`:
 * the answer that carried it was lost. `rotatedAt` is when the call reached the platform, at the
 * latest, by the platform's clock.
 */
async function callOnce(
  client: TravelClient,
  companyId: string,
  action: string,
): Promise<{ configId?: string | undefined; created: boolean; rotatedAt: string }> {
  const startedAtLocalMs = Date.now();
  let lost: unknown;
  for (let send = 1; send <= MAX_SENDS; send++) {
    try {
      const answer = await provisionOrRotate(client, companyId, action);
      return { ...answer, rotatedAt: new Date(platformMs(client)).toISOString() };
    } catch (error) {
      if (lost !== undefined && isCommittedProof(error, platformMs(client, startedAtLocalMs)))
        return { created: false, rotatedAt: new Date(error.beganAtMs).toISOString() };
      if (!isAmbiguousCreateFailure(error)) throw error;
      lost = error;
    }
  }
  throw new Error(
    `TenantKey ${companyId}: ${MAX_SENDS} calls to ${action} got no answer; whether the platform took one is unknown. ` +
      "Run pulumi up again: a cooldown refusal then proves it did, and nothing is rotated twice.",
    { cause: lost },
  );
}

/** True when `error` is a cooldown that began at or after `startedAtMs` (both the platform's time). */
function isCommittedProof(
  error: unknown,
  startedAtMs: number,
): error is TenantKeyCooldownError & { beganAtMs: number } {
  return (
    error instanceof TenantKeyCooldownError && error.beganAtMs !== undefined && error.beganAtMs >= startedAtMs
  );
}

/**
 * True when `error` is a cooldown that began after `rotatedAt`, the latest call the stack recorded:
 * the key was rotated since (by a run of this stack that was killed before it recorded the
 * rotation, or by another tool), so the rotation asked for has happened.
 */
function isRotatedSince(
  error: unknown,
  rotatedAt: string | undefined,
): error is TenantKeyCooldownError & { beganAtMs: number } {
  if (rotatedAt === undefined || !(error instanceof TenantKeyCooldownError)) return false;
  const recordedMs = Date.parse(rotatedAt);
  return (
    error.beganAtMs !== undefined &&
    !Number.isNaN(recordedMs) &&
    error.beganAtMs > recordedMs + RETRY_AFTER_ROUNDING_MS
  );
}

/** The rotation `update` asks for; a rotation since the recorded one counts as done. */
async function rotate(
  ctx: ResourceContext,
  companyId: string,
  recorded: Partial<TenantKeyState>,
): Promise<{ configId?: string | undefined; rotatedAt: string }> {
  try {
    return await callOnce(ctx.client, companyId, "rotate the key");
  } catch (error) {
    if (!isRotatedSince(error, recorded.rotatedAt)) throw error;
    const rotatedAt = new Date(error.beganAtMs).toISOString();
    await warnRun(
      ctx,
      `TenantKey of company ${companyId}: the key was rotated at ${rotatedAt}, after the stack's ` +
        `latest rotation (${recorded.rotatedAt}), by a run that was interrupted or by another tool; ` +
        "it is recorded as rotated, not rotated again.",
    );
    return { rotatedAt };
  }
}

/**
 * Why a rotation from `recorded` to `news` is refused at `platformNowMs` (the platform's clock):
 * the recorded `rotatedAt` is less than the cooldown ago. Undefined when `news` does not rotate,
 * nothing is recorded, or the record cannot be the platform's time (after its now).
 */
export function cooldownRefusal(
  recorded: TenantKeyInputs & TenantKeyState,
  news: TenantKeyInputs,
  platformNowMs: number,
): string | undefined {
  if (news.rotation === undefined || news.rotation === recorded.rotation) return undefined;
  const rotatedMs = recorded.rotatedAt === undefined ? Number.NaN : Date.parse(recorded.rotatedAt);
  if (Number.isNaN(rotatedMs) || rotatedMs > platformNowMs + FUTURE_TOLERANCE_MS) return undefined;
  const allowedMs = Math.ceil((rotatedMs + TENANT_KEY_COOLDOWN_MS) / 1000) * 1000;
  if (allowedMs <= platformNowMs) return undefined;
  const allowedAt = new Date(allowedMs).toISOString().replace(".000Z", "Z");
  return (
    `TenantKey of company ${recorded.companyId}: cannot rotate the key yet: the platform allows one ` +
    `provisioning or rotation per hour, and the stack's latest was at ${recorded.rotatedAt}; by the ` +
    `platform's clock the next rotation is allowed at ${allowedAt} (in ${Math.ceil((allowedMs - platformNowMs) / 1000)} s). ` +
    "Nothing was sent; run pulumi up after that."
  );
}

/** The TenantKey definition. Its id is the platform's configId (the company id when it was lost). */
export const tenantKeyResource = defineResource<
  TenantKeyInputs,
  TenantKeyState,
  typeof tenantKeyInputsSchema
>({
  type: "TenantKey",
  notFoundCodes: ["COMPANY_NOT_FOUND"],
  inputs: tenantKeyInputsSchema,
  outputs: ["configId", "rotatedAt"],
  recovery: {
    strategy: "idempotent",
    existing: "the platform rotates the company's existing key instead of provisioning one",
    // The aim of a create is a provisioned key: a cooldown proves the company has one, made by
    // this create's lost call, or by an earlier (killed) run or another tool within the hour.
    async committed(error, inputs, startedAtMs, ctx) {
      if (!(error instanceof TenantKeyCooldownError)) return undefined;
      if (!isCommittedProof(error, platformMs(ctx.client, startedAtMs)))
        await warnRun(
          ctx,
          `TenantKey of company ${inputs.companyId}: the key was provisioned or rotated within the hour ` +
            "(by an earlier run or another tool); it is recorded without rotating it again.",
        );
      const rotatedAt = new Date(error.beganAtMs ?? platformMs(ctx.client)).toISOString();
      return { id: inputs.companyId, state: { rotatedAt } };
    },
  },
  async create(ctx, inputs) {
    const response = await callOnce(ctx.client, inputs.companyId, "provision the key");
    const { rotatedAt } = response;
    if (response.configId === undefined) return { id: inputs.companyId, state: { rotatedAt } };
    if (!response.created) {
      await warnRun(
        ctx,
        `TenantKey ${response.configId}: company ${inputs.companyId} already had a tenant key ` +
          "(from an earlier stack or another tool); the platform rotated it instead of provisioning a new one.",
      );
    }
    return { id: response.configId, state: { configId: response.configId, rotatedAt } };
  },
  async read({ client }, id, declared) {
    const company = await readUnlessGone(["COMPANY_NOT_FOUND"], () =>
      client.get(apiPath`/v2/companies/${declared.companyId}`),
    );
    if (company === undefined) return undefined;
    // The key itself cannot be read: it is assumed unchanged (see docs/security.md, drift).
    return { observed: declared, state: id === declared.companyId ? {} : { configId: id } };
  },
  async update(ctx, id, news, olds, recorded = {}) {
    const configId = id === news.companyId ? undefined : id;
    if (news.rotation === undefined || news.rotation === olds.rotation) return { configId };
    const response = await rotate(ctx, news.companyId, recorded);
    return { configId: response.configId ?? configId, rotatedAt: response.rotatedAt };
  },
  async delete(ctx, id, declared) {
    // The company's delete, when it comes later in the same run, names the key as going with it.
    ctx.run.noteLeftOnPlatform(declared.companyId, { type: "TenantKey", id, why: NO_DELETE });
    await warnRun(
      ctx,
      `TenantKey ${id} of company ${declared.companyId} was removed from the stack only: ${NO_DELETE}, ` +
        "so the key stays provisioned and in use for as long as the company exists " +
        "(if this run deletes the company too, the key goes with it, and the company's delete says so).",
    );
  },
  capabilities: {
    replacement: {
      replaceOn: ["companyId"],
    },
    outputRules: {
      keptOutputs: ["configId", "rotatedAt"],
    },
    update: {
      changedByUpdate: (olds, news) =>
        news.rotation !== undefined && news.rotation !== olds.rotation ? ["configId", "rotatedAt"] : [],
    },
    custom: {
      // Preview refuses a rotation within the platform's hour, by the platform's clock, learned from
      // its company's read (allowed to whoever may rotate the key; it changes nothing).
      async refuseUpdate(ctx, { inputs, outputs }, news) {
        const now = await platformNowMs(ctx, apiPath`/v2/companies/${String(inputs.companyId)}`);
        const recorded = { ...inputs, ...outputs } as TenantKeyInputs & TenantKeyState;
        return now === undefined ? undefined : cooldownRefusal(recorded, news, now);
      },
    },
    adoption: {
      // One per company, and the platform cannot read it: imported by its company, whose id it takes
      // (as when the answer carrying its configId was lost); the next rotation records the configId.
      importId: {
        ...companySettingForm(),
        note:
          "The platform cannot read a tenant key, so the import checks only that the company exists: " +
          "import a key the company has. Its `configId` stays unknown until the next rotation returns it.",
      },
    },
    tenant: {
      manifest: { section: "tenantKey" },
      inventory: { omitted: "the platform has no read call for tenant keys" },
    },
  },
});

/** Arguments of a TenantKey. */
export type TenantKeyArgs = {
  [K in keyof ArgsOf<typeof tenantKeyInputsSchema>]: ArgsOf<typeof tenantKeyInputsSchema>[K];
};

/** The outputs of a TenantKey beside its inputs, as a program reads them. */
export interface TenantKeyOutputs {
  /**
   * The platform's id of the key configuration; stable across rotations. Unknown (undefined) when
   * the answer that carried it was lost, until the next rotation returns it.
   */
  configId: string | undefined;
  /**
   * When the latest provisioning or rotation the stack knows of reached the platform, at the
   * latest (ISO 8601). A later cooldown proves a rotation since, which the next rotation records
   * instead of rotating again.
   */
  rotatedAt: string | undefined;
  /** The company. */
  companyId: string;
}
