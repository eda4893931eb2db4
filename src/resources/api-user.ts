/**
 * The ApiUser resource: a machine user of the caller's TMC. Its `clientSecret` (or `scimToken`) is
 * a secret output, returned by the platform once at creation and at each rotation and stored only
 * as ciphertext. A changed `rotation` input rotates the secret (same clientId); delete revokes;
 * read finds out-of-band revocations (the user is then gone from state). `adoptId` takes over an
 * existing user by clientId and rotates it once, so the program holds a secret that works.
 */
import { collect, InvalidResponseError, listEach, registerSecret, type TravelClient } from "../client";
import { type ArgsOf, defineResource, metaOf, oneOf, segmentsForm } from "../provider/kit";
import {
  API_USER_PAGE_LIMIT,
  apiUserCredentialTypeSchema,
  apiUserInputsSchema,
  createApiUserResponseSchema,
  listApiUsersResponseSchema,
  rotateApiUserResponseSchema,
} from "../schemas/api-user";

type ApiUserInputs = {
  adoptId?: string | undefined;
  role: "TMC_ADMIN" | "COMPANY_ADMIN";
  credentialType: "CLIENT_CREDENTIALS" | "SCIM_TOKEN";
  orgId?: string | undefined;
  rotation?: string | undefined;
};
type ApiUserState = { clientId: string; clientSecret?: string | undefined; scimToken?: string | undefined };

/** The platform's default quota of API users per TMC; `TRAVEL_API_USER_QUOTA` states a raised one. */
export const DEFAULT_API_USER_QUOTA = 5;

/** The quota the preview checks against. */
export function apiUserQuota(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.TRAVEL_API_USER_QUOTA;
  if (raw === undefined || raw === "") return DEFAULT_API_USER_QUOTA;
  const quota = Number(raw);
  if (!Number.isInteger(quota) || quota < 1) {
    throw new Error(`TRAVEL_API_USER_QUOTA must be a positive integer (got ${JSON.stringify(raw)})`);
  }
  return quota;
}

/** The caller's TMC's API users (`GET /v2/api-users`), page by page as they are read. */
function eachApiUser(client: TravelClient) {
  return listEach(client, {
    path: "/v2/api-users",
    shape: "offsetQuery",
    page: listApiUsersResponseSchema,
    items: (page) => page.apiUsers,
    pageSize: API_USER_PAGE_LIMIT,
  });
}

/**
 * Every clientId of the caller's TMC (`GET /v2/api-users`, every page). An entry without one
 * (`ApiUsersInfo.clientId` is optional in the vendor's schema) names no user and is skipped.
 */
export async function listClientIds(client: TravelClient): Promise<string[]> {
  return (await collect(eachApiUser(client))).flatMap((user) => user.clientId ?? []);
}

/**
 * Every clientId of the caller's TMC, for a create's set difference. An entry without one (the
 * platform's description says each shows it; the vendor's schema marks it optional) leaves the new
 * user unknown: an error, so that a create is neither adopted by guess nor sent again.
 */
async function everyClientId(client: TravelClient): Promise<string[]> {
  const users = await collect(eachApiUser(client));
  if (users.some((user) => user.clientId === undefined))
    throw new Error(
      "GET /v2/api-users listed an API user without its clientId (ApiUsersInfo.clientId, which the platform " +
        "says each entry shows): which user a create made cannot be told, so none is adopted or created again; " +
        "run again, or find it with `pulumi-travel reconcile`",
    );
  return users.map((user) => user.clientId as string);
}

/**
 * True when `clientId` is an active API user of the caller's TMC. A listing with an entry that
 * names no clientId (optional in the vendor's `ApiUsersInfo`) may hold it: it is not judged gone.
 */
export async function apiUserExists(client: TravelClient, clientId: string): Promise<boolean> {
  let unnamed = false;
  for await (const user of eachApiUser(client)) {
    if (user.clientId === clientId) return true;
    if (user.clientId === undefined) unnamed = true;
  }
  return unnamed;
}

/** Revokes the API user `clientId` (repeating it is harmless). */
async function revoke(client: TravelClient, clientId: string): Promise<void> {
  await client.post("/v2/api-users/revoke", { body: { clientId }, idempotent: true });
}

/**
 * Takes over an existing API user (adopted, or made by a create whose answer was lost): its secret
 * is shown only once, so it is rotated once to give the program one that works. A SCIM token
 * cannot be rotated: undefined then, and the caller discards the user.
 */
async function takeOver(
  client: TravelClient,
  clientId: string,
  inputs: ApiUserInputs,
): Promise<ApiUserState | undefined> {
  if (inputs.credentialType === "SCIM_TOKEN") return undefined;
  return { clientId, clientSecret: await rotate(client, clientId) };
}

/**
 * Rotates the secret of `clientId` and returns the new one. `RotateClientSecretResponse` marks
 * `clientSecret` optional, but a rotation that returns none leaves no working secret: an error
 * naming the vendor's schema, never a user recorded without one.
 */
async function rotate(client: TravelClient, clientId: string): Promise<string> {
  const response = await client.post("/v2/api-users/rotate", {
    body: { clientId },
    schema: rotateApiUserResponseSchema,
  });
  registerSecret(response.clientSecret);
  if (response.clientSecret === undefined)
    throw new Error(
      `API user ${clientId}: the rotation answered no clientSecret (RotateClientSecretResponse.clientSecret, ` +
        "optional in the vendor's Auth API); the old secret no longer works: rotate again (change rotation)",
    );
  return response.clientSecret;
}

/** The `CreateApiUsersRequest` body. */
function createBody(inputs: ApiUserInputs): Record<string, string> {
  const body: Record<string, string> = { role: inputs.role, credentialType: inputs.credentialType };
  if (inputs.orgId !== undefined) body.orgId = inputs.orgId;
  return body;
}

/**
 * The user `<clientId>[/<orgId>[/<credentialType>]]` names. The platform shows clientIds only, so
 * the id states what a program declares: a TMC_ADMIN without `orgId`, a COMPANY_ADMIN of `orgId`
 * with it; CLIENT_CREDENTIALS unless `credentialType` says SCIM_TOKEN.
 */
const apiUserImportId = {
  ...segmentsForm(
    ["clientId"],
    ({ clientId, orgId, credentialType = "CLIENT_CREDENTIALS" }) => {
      const type = oneOf("ApiUser", "credentialType", credentialType, apiUserCredentialTypeSchema.options);
      const inputs: ApiUserInputs =
        orgId === undefined
          ? { role: "TMC_ADMIN", credentialType: type }
          : { role: "COMPANY_ADMIN", credentialType: type, orgId };
      return { id: clientId, inputs };
    },
    ["orgId", "credentialType"],
  ),
  note:
    "The platform shows an API user's clientId only, so the id states the rest: `<clientId>` is a " +
    "TMC_ADMIN with CLIENT_CREDENTIALS, `<clientId>/<orgId>` a COMPANY_ADMIN of `orgId`, and " +
    "`<clientId>/<orgId>/SCIM_TOKEN` one with a SCIM token. **Its secret stays unknown after the " +
    "import**: the platform shows it only at creation and rotation, so `clientSecret` (or `scimToken`) " +
    "is empty until the program sets `rotation`, which rotates a CLIENT_CREDENTIALS secret once.",
};

/** The ApiUser definition. Its id is the clientId, which never changes on rotation. */
export const apiUserResource = defineResource<ApiUserInputs, ApiUserState, typeof apiUserInputsSchema>({
  type: "ApiUser",
  notFoundCodes: ["API_USER_NOT_FOUND"],
  inputs: apiUserInputsSchema,
  outputs: ["clientId", "clientSecret", "scimToken"],
  // The platform lists clientIds only: the user a lost create made is the one that appeared.
  recovery: {
    strategy: "set-difference",
    describe: "clientIds of the TMC's API users",
    listIds: ({ client }) => everyClientId(client),
    async complete({ client }, id, inputs) {
      const state = await takeOver(client, id, inputs);
      if (state) return state;
      // Nobody holds the lost SCIM token and it cannot be rotated: revoke the user, create again.
      await revoke(client, id);
      return undefined;
    },
  },
  async create({ client }, inputs, created) {
    const response = await client.post("/v2/api-users", {
      body: createBody(inputs),
      schema: createApiUserResponseSchema,
    });
    registerSecret(response.clientSecret);
    registerSecret(response.scimToken);
    const clientId = response.clientId;
    // `CreateApiUsersResponse.clientId` is optional in the vendor's schema: a user made but not
    // named is settled as a lost answer (the set difference of clientIds finds it, a rotation gives
    // it a secret), never left behind.
    if (clientId === undefined)
      throw new InvalidResponseError(
        { method: "POST", url: "/v2/api-users" },
        200,
        "CreateApiUsersResponse without clientId (optional in the vendor's Auth API)",
      );
    created(clientId);
    const secret = inputs.credentialType === "SCIM_TOKEN" ? response.scimToken : response.clientSecret;
    // No clientSecret (optional in the vendor's schema): one rotation gives the program one.
    if (secret === undefined && inputs.credentialType === "CLIENT_CREDENTIALS")
      return { id: clientId, state: { clientId, clientSecret: await rotate(client, clientId) } };
    if (secret === undefined) {
      throw new Error(
        `API user ${clientId} was created but the platform returned no scimToken ` +
          "(CreateApiUsersResponse.scimToken, optional in the vendor's Auth API) and a SCIM token cannot " +
          "be rotated: replace the resource to get a new user",
      );
    }
    return {
      id: clientId,
      state:
        inputs.credentialType === "SCIM_TOKEN"
          ? { clientId, scimToken: secret }
          : { clientId, clientSecret: secret },
    };
  },
  async read({ client }, id, declared) {
    if (!(await apiUserExists(client, id))) return undefined;
    // The platform shows clientIds only: role, credentialType and orgId cannot drift.
    return { observed: declared, state: { clientId: id } };
  },
  async update({ client }, id, news, olds) {
    if (news.rotation !== undefined && news.rotation !== olds.rotation) {
      return { clientId: id, clientSecret: await rotate(client, id) };
    }
    // Removing `rotation` rotates nothing; the secret on record is kept.
    return { clientId: id };
  },
  async delete({ client }, id) {
    await revoke(client, id);
  },
  capabilities: {
    replacement: {
      replaceOn: ["role", "credentialType", "orgId"],
    },
    secrets: {
      secretOutputs: ["clientSecret", "scimToken"],
    },
    outputRules: {
      idOutput: "clientId",
    },
    update: {
      changedByUpdate: (olds, news) =>
        news.rotation !== undefined && news.rotation !== olds.rotation ? ["clientSecret"] : [],
    },
    preview: {
      vendorRequests: (inputs) => [{ method: "POST", path: "/v2/api-users", body: createBody(inputs) }],
    },
    custom: {
      async check({ client, run }, news, olds) {
        // Only a create adds a user: an update, a rotation or an adoption does not count against the quota.
        if (Object.keys(olds).length > 0 || news.adoptId !== undefined) return [];
        const quota = apiUserQuota();
        // The TMC's users as the run began (one read), plus every new user of the program checked so
        // far in this run: four new users where two slots are left fail at preview, not at the third.
        const page = await run.readOnce("/v2/api-users?count", () =>
          client.get("/v2/api-users", { query: { limit: 1, offset: 0 }, schema: listApiUsersResponseSchema }),
        );
        const existing = page.totalCount ?? page.apiUsers.length;
        const adding = run.count("new API users");
        if (existing + adding <= quota) return [];
        return [
          {
            property: "(inputs)",
            reason:
              `would be API user ${existing + adding} of the TMC (the TMC has ${existing}, the credentials this ` +
              `provider uses included, and this program adds at least ${adding}), but the platform allows ${quota} per TMC. ` +
              "Revoke unused API users, or have the operator raise the quota and set TRAVEL_API_USER_QUOTA to the new limit.",
          },
        ];
      },
    },
    adoption: {
      async adopt({ client }, id, inputs) {
        const state = await takeOver(client, id, inputs);
        if (!state)
          throw new Error(`ApiUser ${id}: a SCIM user cannot be adopted (its token cannot be rotated)`);
        return state;
      },
      // The secret is shown only at creation and rotation: an imported user's stays unknown.
      importId: apiUserImportId,
    },
    tenant: {
      manifest: { section: "apiUsers" },
      inventory: {
        omitted:
          "API users belong to the TMC, not to a company (the platform lists their clientIds only), " +
          "so no company's listing holds them",
      },
      tmcInventory: {
        describe: "API users of the TMC",
        listIds: listClientIds,
        remove: revoke,
        recordedIds: (inputs) => metaOf(inputs).idsBeforeCreate,
      },
    },
  },
});

/** Arguments of an ApiUser. */
export type ApiUserArgs = {
  [K in keyof ArgsOf<typeof apiUserInputsSchema>]: ArgsOf<typeof apiUserInputsSchema>[K];
};

/** The outputs of an ApiUser beside its inputs, as a program reads them. */
export interface ApiUserOutputs {
  /** The API user's client id; it never changes, not even on rotation. */
  clientId: string;
  /** The client secret (CLIENT_CREDENTIALS); secret. New after each rotation. */
  clientSecret: string | undefined;
  /** The SCIM bearer token (SCIM_TOKEN); secret. */
  scimToken: string | undefined;
  /** The role. */
  role: string;
  /** The credential type. */
  credentialType: string;
}
