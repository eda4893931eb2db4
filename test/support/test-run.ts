/** A run of its own for a test that drives a type's provider directly, as a host makes one per engine run. */
import type { TravelClient } from "../../src/client";
import { Run, type WarningSink } from "../../src/provider/model/run";

/** A new run over `client` (warnings on stderr unless `warn` is given). */
export function testRun(client: TravelClient, warn?: WarningSink): Run {
  return new Run({ client: () => client, warn });
}
