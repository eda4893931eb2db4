/**
 * The ApiUser paging case of issue 34, on both hosts: with the platform answering `GET
 * /v2/api-users` one user per page (the emulator's `maxPageItems: 1`, the true total reported),
 * the program's user is not on the first page (the bootstrap admin is). Refresh keeps it, the next
 * preview changes nothing, and destroy leaves only the bootstrap admin on the platform.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TravelClient } from "../../src/client";
import { listClientIds } from "../../src/resources/api-user";
import { clientFor } from "../support/live-emulator";
import { HOSTS, TRAVEL_BY_HOST } from "../support/plugin-classes";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
${TRAVEL_BY_HOST}
const user = new travel.ApiUser("automation", { role: "TMC_ADMIN" });
exports.clientId = user.clientId;
`;

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)("an API user on the second page (%s host)", (host) => {
  let env: E2eEnvironment;
  let client: TravelClient;

  beforeAll(async () => {
    env = await createEnvironment("paging", PROGRAM, {}, "e2e", host);
    env.emulator.admin.updateSettings({ maxPageItems: 1 });
    client = clientFor(env.emulator);
  });
  afterAll(async () => {
    await client?.close();
    await env?.dispose();
  });

  it("is kept by refresh, previews no change, and is gone after destroy", async () => {
    const up = await env.stack.up();
    const clientId = String(up.outputs.clientId?.value);
    expect(await listClientIds(client)).toEqual([env.emulator.bootstrap.clientId, clientId]);

    const refresh = await env.stack.refresh();
    expect(refresh.summary.resourceChanges ?? {}).not.toHaveProperty("delete");
    const held = (await env.stack.exportStack()).deployment.resources.filter(
      (resource: { id?: string }) => resource.id === clientId,
    );
    expect(held).toHaveLength(1);
    await env.stack.preview({ expectNoChanges: true });

    await env.stack.destroy();
    expect(await listClientIds(client)).toEqual([env.emulator.bootstrap.clientId]);
  });
});
