/** Provider tests: a resource definition's provider driven directly against a live emulator. */
import type { TravelClient } from "../../src/client";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { buildTypeProvider, type TypeProvider } from "../../src/provider/operations/type-provider";
import type { RunningEmulator } from "../../src/emulator";
import { clientFor, liveEmulator } from "../support/live-emulator";
import { testRun } from "../support/test-run";

/** A provider for `definition`, its client and emulator. */
export interface ProviderHarness {
  emulator: RunningEmulator;
  client: TravelClient;
  provider: TypeProvider;
  close(): Promise<void>;
}

/** Starts an emulator and builds the provider of `definition` against it. */
export async function providerHarness<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
): Promise<ProviderHarness> {
  const emulator = await liveEmulator();
  const client = clientFor(emulator);
  const provider = buildTypeProvider(definition, testRun(client));
  return {
    emulator,
    client,
    provider,
    close: async () => {
      await client.close();
      await emulator.close();
    },
  };
}

/** Runs check like the engine does and fails the test on check failures. */
export async function checked(provider: TypeProvider, news: Values, olds: Values = {}): Promise<Values> {
  const result = await provider.check(olds, news);
  if (result.failures && result.failures.length > 0) {
    throw new Error(`unexpected check failures: ${JSON.stringify(result.failures)}`);
  }
  return result.inputs;
}
