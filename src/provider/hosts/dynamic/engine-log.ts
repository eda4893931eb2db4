/**
 * Warnings from the provider process that the Pulumi CLI shows as warnings. The SDK's
 * `pulumi.log.warn` has no engine to talk to in the dynamic-provider host (it prints
 * `warning: [runtime] ...` on stderr, which the CLI shows as a plain message of the stack), so a
 * warning goes to the engine's `Log` call at the address the host was started with, as providers
 * in other languages log: the CLI then counts it among the run's warnings. Outside the host (a
 * provider called directly, in tests), or when the engine cannot be reached, it is written to
 * stderr as `warning: ...`.
 */
import { createRequire } from "node:module";

/** The `Log` call of the engine's gRPC service, as the SDK's generated client makes it. */
interface EngineLog {
  log(request: unknown, done: (error: Error | null) => void): void;
}

/** The SDK's generated modules this file uses (loaded from the installed `@pulumi/pulumi`). */
interface SdkModules {
  grpc: { credentials: { createInsecure(): unknown } };
  engineRpc: { EngineClient: new (address: string, credentials: unknown) => EngineLog };
  engine: {
    LogRequest: new () => {
      setSeverity(s: number): void;
      setMessage(m: string): void;
      setUrn(u: string): void;
    };
    LogSeverity: { WARNING: number };
  };
}

/** The dynamic-provider host's entry point; its first argument is the engine's address. */
const PROVIDER_HOST = /[\\/]@pulumi[\\/]pulumi[\\/]cmd[\\/]dynamic-provider(?:[\\/]index\.js)?$/;

let engine: { client: EngineLog; sdk: SdkModules } | null | undefined;

/** The engine this process was started by, when it is the dynamic-provider host; else null. */
function engineOfHost(): { client: EngineLog; sdk: SdkModules } | null {
  if (engine !== undefined) return engine;
  const address = process.argv[2];
  if (!PROVIDER_HOST.test(require.main?.filename ?? "") || address === undefined) return (engine = null);
  const sdkRequire = createRequire(require.resolve("@pulumi/pulumi"));
  const sdk: SdkModules = {
    grpc: sdkRequire("@grpc/grpc-js") as SdkModules["grpc"],
    engineRpc: sdkRequire("./proto/engine_grpc_pb") as SdkModules["engineRpc"],
    engine: sdkRequire("./proto/engine_pb") as SdkModules["engine"],
  };
  return (engine = {
    client: new sdk.engineRpc.EngineClient(address, sdk.grpc.credentials.createInsecure()),
    sdk,
  });
}

/**
 * Gives `message` (one or more lines, no secret) to the engine as a warning of the run, or writes
 * it to stderr as `warning: <message>` where there is no engine or it did not take it.
 */
export async function warnEngine(message: string): Promise<void> {
  const host = engineOfHost();
  if (host !== null) {
    const request = new host.sdk.engine.LogRequest();
    request.setSeverity(host.sdk.engine.LogSeverity.WARNING);
    request.setMessage(message);
    request.setUrn("");
    const failed = await new Promise<Error | null>((resolve) => host.client.log(request, resolve));
    if (failed === null) return;
    process.stderr.write(`warning: (the engine did not take this warning: ${failed.message})\n`);
  }
  process.stderr.write(`warning: ${message}\n`);
}
