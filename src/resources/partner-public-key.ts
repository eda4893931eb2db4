/**
 * The PartnerPublicKey resource: one RSA public key (one `kid`) a partner signs token-exchange JWTs
 * with. One resource per kid, because the platform takes exactly one key per request, revokes by
 * kid, and a key's material is immutable: rotating a partner key is adding a key with a new kid,
 * then removing the old one, which Pulumi expresses as two resources. Delete revokes the kid only
 * while its active key is the declared one (by thumbprint); a REVOKED key reads as gone. Every input replaces (delete first: a kid is unique among active keys). `adoptId`
 * takes over a registered key after checking that its kid and thumbprint are the declared key's.
 */
import { createHash, createPublicKey } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";
import { apiPath, type TravelClient } from "../client";
import {
  type ArgsOf,
  clashAdvice,
  containsUnknown,
  defineResource,
  type ResourceContext,
  segmentsForm,
  type TenantFacts,
  type ValuePath,
  warnRun,
} from "../provider/kit";
import type { z } from "zod";
import {
  type partnerPublicKeyInfoSchema,
  partnerPublicKeyInputsSchema,
  partnerPublicKeysResponseSchema,
} from "../schemas/partner-public-key";

type PartnerKeyInputs = {
  companyId: string;
  kid: string;
  adoptId?: string | undefined;
  publicKeyPem?: string | undefined;
  jwk?:
    | {
        kty: "RSA";
        n: string;
        e: string;
        use?: "sig" | undefined;
        alg?: "RS256" | undefined;
        kid?: string | undefined;
      }
    | undefined;
};
type PartnerKeyState = {
  keyId: string;
  thumbprint?: string | undefined;
  status: string;
  createdAt?: string | undefined;
};

const keysPath = (companyId: string) => apiPath`/v2/companies/${companyId}/partner-public-keys`;
/** A key is revoked by its kid. */
const keyPath = (companyId: string, kid: string) => `${keysPath(companyId)}${apiPath`/${kid}`}`;

/** A listed key with its registration id and kid. */
type ListedKey = z.output<typeof partnerPublicKeyInfoSchema> & { id: string; kid: string };

/**
 * The company's keys with status ACTIVE, as the platform lists them. `id` and `kid` are optional
 * in the vendor's `PartnerPublicKeyInfo`: one left out is taken from `known` (the key a resource
 * holds) when the other, or the key's RFC 7638 thumbprint, matches it, since a kid is unique among
 * active keys; a key still missing one cannot be told apart: it is left out of `keys` and
 * counted in `unnamed`.
 */
async function listActiveKeys(
  client: TravelClient,
  companyId: string,
  known?: { id: string; kid: string; thumbprint?: string | undefined },
): Promise<{ keys: ListedKey[]; unnamed: number }> {
  const { keys } = await client.get(keysPath(companyId), {
    query: { status: "ACTIVE" },
    schema: partnerPublicKeysResponseSchema,
  });
  const sameMaterial = (thumbprint: string | undefined) =>
    thumbprint !== undefined && thumbprint === known?.thumbprint;
  const named = keys.flatMap((key) => {
    const id = key.id ?? (key.kid === known?.kid || sameMaterial(key.thumbprint) ? known?.id : undefined);
    const kid = key.kid ?? (key.id === known?.id || sameMaterial(key.thumbprint) ? known?.kid : undefined);
    return id === undefined || kid === undefined ? [] : [{ ...key, id, kid }];
  });
  return { keys: named, unnamed: keys.length - named.length };
}

/**
 * What the resource `id` of the declared key knows of it, for {@link listActiveKeys}. The id is the
 * registration id, or the kid when the platform showed none at creation.
 */
const knownKey = (id: string, declared: PartnerKeyInputs) => ({
  id,
  kid: declared.kid,
  thumbprint: declaredThumbprint(declared),
});

/** Whether the listed `key` is the one of resource `id`: its registration id, or its kid when that is the id. */
const isKeyOf = (key: ListedKey, id: string, kid: string) => key.id === id || (id === kid && key.kid === kid);

/** The manifest's `partnerKeys`; export and reconcile list the active keys (named by their kid). */
const partnerKeyTenant: TenantFacts = {
  manifest: { section: "partnerKeys" },
  inventory: {
    async list({ client }, { companyId }) {
      const { keys } = await listActiveKeys(client, companyId);
      return keys.filter((key) => key.status === "ACTIVE").map((key) => ({ ...key, name: key.kid }));
    },
    reconcile: { deletePath: ({ companyId }, object) => keyPath(companyId, String(object.name)) },
  },
};

/** The JWK the platform takes: from the PEM or the given JWK members. */
export function partnerJwk(inputs: PartnerKeyInputs): Record<string, string> {
  let n: string;
  let e: string;
  if (inputs.jwk) {
    ({ n, e } = inputs.jwk);
  } else {
    let exported: { kty?: string | undefined; n?: string | undefined; e?: string | undefined };
    try {
      exported = createPublicKey(inputs.publicKeyPem ?? "").export({ format: "jwk" });
    } catch (error) {
      throw new Error(
        `PartnerPublicKey ${inputs.kid}: publicKeyPem is not a readable public key: ${(error as Error).message}`,
        { cause: error },
      );
    }
    if (exported.kty !== "RSA" || !exported.n || !exported.e) {
      throw new Error(
        `PartnerPublicKey ${inputs.kid}: publicKeyPem must be an RSA key (got ${exported.kty})`,
      );
    }
    n = exported.n;
    e = exported.e;
  }
  return { kty: "RSA", use: "sig", alg: "RS256", kid: inputs.kid, n, e };
}

/** The `AddPartnerPublicKeyRequest` body: one JWKS holding the declared key. */
const addKeyBody = (inputs: PartnerKeyInputs) => ({ keyType: "JWKS", jwks: { keys: [partnerJwk(inputs)] } });

/** The input a value of the body comes from: the key's `kid`, its `jwk` fields, or `publicKeyPem`. */
function keyInputPath(inputs: PartnerKeyInputs, at: ValuePath): ValuePath {
  const field = at[0] === "jwks" && at[2] === 0 ? at[3] : undefined;
  if (field === undefined) return [];
  if (field === "kid") return ["kid"];
  return inputs.jwk ? ["jwk", ...at.slice(3)] : ["publicKeyPem"];
}

/** RFC 7638 thumbprint of an RSA JWK: base64url SHA-256 of the canonical `{"e","kty","n"}` JSON. */
export function jwkThumbprint(jwk: Record<string, string>): string {
  return createHash("sha256")
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest("base64url");
}

/** The thumbprint of the declared key; undefined when the inputs hold no readable key. */
function declaredThumbprint(inputs: PartnerKeyInputs): string | undefined {
  if (inputs.jwk === undefined && inputs.publicKeyPem === undefined) return undefined;
  try {
    return jwkThumbprint(partnerJwk(inputs));
  } catch {
    // Unreadable key material: nothing is proven by it (check reports the input itself).
    return undefined;
  }
}

/** The smallest RSA modulus the platform should be trusted with. */
export const MIN_RSA_BITS = 2048;

/** Bits of a base64url RSA modulus (leading zero bytes do not count). */
export function modulusBits(n: string): number {
  const bytes = Buffer.from(n, "base64url");
  let at = 0;
  while (at < bytes.length && bytes[at] === 0) at++;
  const first = bytes[at];
  return first === undefined ? 0 : (bytes.length - at - 1) * 8 + first.toString(2).length;
}

/** Offline checks of the declared key material: it parses, is RSA and has at least 2048 bits. */
export function keyMaterialFailures(inputs: PartnerKeyInputs): pulumi.dynamic.CheckFailure[] {
  const property = inputs.jwk ? "jwk" : "publicKeyPem";
  let jwk: Record<string, string>;
  try {
    jwk = partnerJwk(inputs);
  } catch (error) {
    return [{ property, reason: (error as Error).message }];
  }
  const bits = modulusBits(jwk.n ?? "");
  return bits >= MIN_RSA_BITS
    ? []
    : [{ property, reason: `is a ${bits}-bit RSA key; the minimum is ${MIN_RSA_BITS} bits` }];
}

/**
 * The company's active keys, read once per run for the preview checks of every key of the
 * program. Never for create, read, update or delete, which must see the platform as it is now.
 */
function activeKeysOncePerRun({ client, run }: ResourceContext, companyId: string) {
  return run.readOnce(`${keysPath(companyId)}?status=ACTIVE`, () => listActiveKeys(client, companyId));
}

/** The PartnerPublicKey definition. Its id is the platform's registration id. */
export const partnerPublicKeyResource = defineResource<
  PartnerKeyInputs,
  PartnerKeyState,
  typeof partnerPublicKeyInputsSchema
>({
  type: "PartnerPublicKey",
  notFoundCodes: ["PARTNER_PUBLIC_KEY_NOT_FOUND", "COMPANY_NOT_FOUND"],
  inputs: partnerPublicKeyInputsSchema,
  outputs: ["keyId", "thumbprint", "status", "createdAt"],
  async create({ client }, inputs, created) {
    const response = await client.post(keysPath(inputs.companyId), {
      body: addKeyBody(inputs),
      schema: partnerPublicKeysResponseSchema,
    });
    // An answer without the key's id (optional in the vendor's schema, as are kid and thumbprint)
    // is read again from the list. The 2xx says the key was added: when no answer shows its
    // registration id, its kid (unique among the company's active keys, and what revokes it)
    // names it.
    const thumbprint = declaredThumbprint(inputs);
    const added = response.keys.find(
      (k) =>
        k.id !== undefined && (k.kid === inputs.kid || (k.kid === undefined && k.thumbprint === thumbprint)),
    );
    const key =
      added?.id === undefined
        ? (
            await listActiveKeys(client, inputs.companyId, { id: inputs.kid, kid: inputs.kid, thumbprint })
          ).keys.find((k) => k.kid === inputs.kid)
        : { ...added, id: added.id, kid: inputs.kid };
    const id = key?.id ?? inputs.kid;
    created(id);
    return {
      id,
      state: {
        keyId: id,
        thumbprint: key?.thumbprint ?? thumbprint,
        status: key?.status ?? "ACTIVE",
        createdAt: key?.createdAt,
      },
    };
  },
  // A kid is unique among a company's active keys; the thumbprint proves the key is the declared one.
  recovery: {
    strategy: "natural-key",
    lookup: {
      keyOf: (inputs) => ({ by: "kid", value: inputs.kid }),
      async find({ client }, inputs, key) {
        const known = { id: key.value, kid: key.value, thumbprint: declaredThumbprint(inputs) };
        const listed = await listActiveKeys(client, inputs.companyId, known);
        return listed.keys.filter((k) => k.kid === key.value).map((k) => ({ id: k.id, name: k.kid }));
      },
    },
  },
  async read({ client }, id, declared) {
    const response = await listActiveKeys(client, declared.companyId, knownKey(id, declared));
    const key = response.keys.find((k) => isKeyOf(k, id, declared.kid));
    if (!key && response.unnamed > 0) {
      // A listed key that shows neither id, kid nor thumbprint may be this one: not judged gone.
      const state = { keyId: id, thumbprint: declaredThumbprint(declared), status: "ACTIVE" };
      return { observed: declared, state };
    }
    if (!key) return undefined; // revoked (or gone with its company): the key no longer exists
    // The key material is the declared one unless a thumbprint disproves it (left out, optional in
    // the vendor's schema: the recorded one stands).
    const proven = key.thumbprint === undefined || declaredThumbprint(declared) === key.thumbprint;
    const { publicKeyPem: _pem, jwk: _jwk, ...rest } = declared;
    return {
      observed: { ...(proven ? declared : rest), kid: key.kid },
      state: { keyId: key.id, thumbprint: key.thumbprint, status: key.status, createdAt: key.createdAt },
    };
  },
  async update({ client }, id, news) {
    // Every input replaces the key, so only adoption (`adoptId`) updates: the platform's key must
    // be the declared one, which its kid and RFC 7638 thumbprint prove.
    const response = await listActiveKeys(client, news.companyId, knownKey(id, news));
    const key = response.keys.find((k) => isKeyOf(k, id, news.kid));
    if (!key)
      throw new Error(
        `PartnerPublicKey ${news.kid}: ${id} is not an active key of company ${news.companyId}`,
      );
    const declared = jwkThumbprint(partnerJwk(news));
    if (key.kid !== news.kid || key.thumbprint !== declared) {
      throw new Error(
        `PartnerPublicKey ${news.kid}: adoptId ${id} is the key with kid ${key.kid} and thumbprint ` +
          `${key.thumbprint ?? "(none shown)"}, but the declared key has kid ${news.kid} and thumbprint ${declared}; ` +
          "declare that key's public key, or leave adoptId out to register this one",
      );
    }
    return { keyId: key.id, thumbprint: key.thumbprint, status: key.status, createdAt: key.createdAt };
  },
  async delete(ctx, id, declared) {
    const { client } = ctx;
    // Revocation is by kid: revoke only the key this stack registered, never a key someone else
    // registered with the same kid after the stack's was revoked out of band.
    const response = await listActiveKeys(client, declared.companyId, knownKey(id, declared));
    const key = response.keys.find((k) => k.kid === declared.kid);
    // A listed key that shows neither id, kid nor thumbprint may be this one: revoked by its kid
    // (when none is left, the platform's 404 is one of the key's not-found codes: done).
    if (!key && response.unnamed > 0)
      return void (await client.delete(keyPath(declared.companyId, declared.kid)));
    if (!key) return;
    // The thumbprint decides; an answer without one (optional in the vendor's schema) leaves the
    // registration id to decide.
    const ours =
      key.thumbprint === undefined
        ? isKeyOf(key, id, declared.kid)
        : key.thumbprint === (declaredThumbprint(declared) ?? (key.id === id ? key.thumbprint : undefined));
    if (!ours) {
      await warnRun(
        ctx,
        `PartnerPublicKey ${declared.kid} of company ${declared.companyId}: the active key with this kid ` +
          `(${key.id}, thumbprint ${key.thumbprint ?? "not shown"}) is not the key this stack registered (${id}); ` +
          "it was left in place and the resource removed from the stack.",
      );
      return;
    }
    await client.delete(keyPath(declared.companyId, declared.kid));
  },
  capabilities: {
    replacement: {
      replaceOn: ["companyId", "kid", "publicKeyPem", "jwk"],
      deleteBeforeReplace: true,
    },
    uniqueness: {
      uniqueInputs: [
        {
          input: "kid",
          within: ["companyId"],
          rejection:
            "a kid is unique among a company's active keys (409 PARTNER_KEY_KID_EXISTS on the second)",
        },
      ],
    },
    outputRules: {
      // Optional in the vendor's PartnerPublicKeyInfo: an answer that leaves them out keeps the record.
      keptOutputs: ["thumbprint", "createdAt"],
    },
    custom: {
      async check(ctx, news, olds) {
        const material = keyMaterialFailures(news);
        if (material.length > 0) return material;
        // The key this resource holds (same company and kid) is no clash: that is an update or a
        // delete-first replacement.
        if (olds.kid === news.kid && olds.companyId === news.companyId) return [];
        const { keys } = await activeKeysOncePerRun(ctx, news.companyId);
        const clash = keys.find((key) => key.kid === news.kid && key.id !== news.adoptId);
        if (!clash) return [];
        return [
          {
            property: "kid",
            reason: `company ${news.companyId} already has an active key with kid ${news.kid} (registration ${clash.id}); a kid is unique among active keys: ${clashAdvice(ctx.run, "PartnerPublicKey", clash.id, "kid")}`,
          },
        ];
      },
    },
    preview: {
      // The key is converted once every input is known and readable (check names a key that is not).
      vendorRequests: (inputs) =>
        containsUnknown(inputs) || keyMaterialFailures(inputs).length > 0
          ? []
          : [
              {
                method: "POST",
                path: keysPath(inputs.companyId),
                body: addKeyBody(inputs),
                inputPathOf: (at) => keyInputPath(inputs, at),
              },
            ],
    },
    diff: {
      // The platform never returns a key's material, so an imported key records none; the material a
      // program then declares is the same key when its thumbprint is the one recorded.
      provenByOutputs({ inputs, outputs }, news) {
        if (inputs.publicKeyPem !== undefined || inputs.jwk !== undefined) return [];
        if (typeof outputs.thumbprint !== "string") return [];
        const thumbprint = declaredThumbprint(news as PartnerKeyInputs);
        return thumbprint === outputs.thumbprint ? ["publicKeyPem", "jwk"] : [];
      },
    },
    adoption: {
      // Imported by its kid, which partners know; the registration id is the platform's own.
      importId: {
        ...segmentsForm(["companyId", "kid"], async ({ companyId, kid }, { client }) => {
          const { keys } = await listActiveKeys(client, companyId);
          const key = keys.find((k) => k.kid === kid && k.status === "ACTIVE");
          if (!key)
            throw new Error(`PartnerPublicKey: company ${companyId} has no active key with kid ${kid}`);
          return { id: key.id, inputs: { companyId } };
        }),
        note:
          "The id names the key by its kid; the resource's id is the platform's registration id. The " +
          "platform never returns a key's material, so the generated code lacks it: add the partner's " +
          "`publicKeyPem` or `jwk`. Its thumbprint proves it is the imported key: no change, no replacement.",
      },
    },
    tenant: partnerKeyTenant,
  },
});

/** Arguments of a PartnerPublicKey. */
export type PartnerPublicKeyArgs = {
  [K in keyof ArgsOf<typeof partnerPublicKeyInputsSchema>]: ArgsOf<typeof partnerPublicKeyInputsSchema>[K];
};

/** The outputs of a PartnerPublicKey beside its inputs, as a program reads them. */
export interface PartnerPublicKeyOutputs {
  /** The platform's registration id. */
  keyId: string;
  /** RFC 7638 thumbprint of the key: compare it with the partner's. */
  thumbprint: string | undefined;
  /** ACTIVE while the resource exists. */
  status: string;
  /** When the platform registered the key (ISO 8601), as it reports it. */
  createdAt: string | undefined;
  /** The key id. */
  kid: string;
  /** The company. */
  companyId: string;
}
