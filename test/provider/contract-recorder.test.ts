/**
 * The e2e suite's contract recorder (test/support/contract-recorder.ts), proven here against the
 * emulator: the provider's requests pass it clean, and a request that breaks the vendor's
 * documents is recorded with its path and reason and fails the check the e2e harness runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { gradeResource } from "../../src/resources/grade";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import {
  assertNoContractViolations,
  type ContractRecorder,
  startContractRecorder,
} from "../support/contract-recorder";
import { clientFor, liveEmulator } from "../support/live-emulator";
import { checked } from "./harness";
import { testRun } from "../support/test-run";

describe("contract recorder", () => {
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let client: TravelClient;
  beforeAll(async () => {
    emulator = await liveEmulator();
    recorder = await startContractRecorder(emulator.url);
    client = clientFor({ ...emulator, url: recorder.url });
  });
  afterAll(async () => {
    await client.close();
    await recorder.close();
    await emulator.close();
  });

  it("passes the provider's create, read, update and delete of a grade clean", async () => {
    const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Recorded", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const provider = buildTypeProvider(gradeResource, testRun(client));
    const inputs = await checked(provider, { companyId, name: "G1" });
    const { id, outs } = await provider.create(inputs);
    await provider.update(id, outs, await checked(provider, { companyId, name: "G2" }));
    await provider.read(id, outs);
    await provider.delete(id, outs);
    expect(recorder.checked).toBeGreaterThanOrEqual(6);
    expect(recorder.violations).toEqual([]);
    expect(() => assertNoContractViolations(recorder, "grades")).not.toThrow();
  });

  it("records a request that breaks the vendor's schema, and the harness check fails on it", async () => {
    const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Recorded 2", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const { id } = await client.post<{ id: string }>(apiPath`/v2/companies/${companyId}/grades`, {
      body: { name: "G" },
    });
    // The PUT the provider used to send: UpdateGradeRequest declares only name. The emulator behind
    // the recorder refuses it too; the recorder sees it first.
    await expect(
      client.put(apiPath`/v2/companies/${companyId}/grades/${id}`, { body: { name: "G", id } }),
    ).rejects.toMatchObject({ status: 400 });
    expect(recorder.violations).toEqual([
      {
        method: "PUT",
        path: `/v2/companies/${companyId}/grades/${id}`,
        issues: ["id: is not a property of the vendor's UpdateGradeRequest schema"],
      },
    ]);
    expect(() => assertNoContractViolations(recorder, "grades")).toThrow(
      /1 request\(s\) broke the vendor's documents/,
    );
  });
});
