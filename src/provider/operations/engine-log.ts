/**
 * Warnings a provider process gives the engine through its `Log` call, as providers in every
 * language log: the CLI then counts them among the run's warnings. Each host knows the engine's
 * address its own way; where there is none, or the engine does not take the warning, it is
 * written to stderr as `warning: ...`.
 */
import { createRequire } from "node:module";
import type { WarningSink } from "../model/resource-context";

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

/** A warning sink over the engine at `address` (none: stderr only). */
export function engineWarnings(address: string | undefined): WarningSink {
  let engine: { client: EngineLog; sdk: SdkModules } | undefined;
  const connect = (at: string) => {
    if (engine) return engine;
    // The SDK's own copies of the stubs and of grpc-js, which its generated code is bound to.
    const sdkRequire = createRequire(require.resolve("@pulumi/pulumi"));
    const sdk: SdkModules = {
      grpc: sdkRequire("@grpc/grpc-js") as SdkModules["grpc"],
      engineRpc: sdkRequire("./proto/engine_grpc_pb") as SdkModules["engineRpc"],
      engine: sdkRequire("./proto/engine_pb") as SdkModules["engine"],
    };
    return (engine = {
      client: new sdk.engineRpc.EngineClient(at, sdk.grpc.credentials.createInsecure()),
      sdk,
    });
  };
  return async (message) => {
    if (address !== undefined && address !== "") {
      const { client, sdk } = connect(address);
      const request = new sdk.engine.LogRequest();
      request.setSeverity(sdk.engine.LogSeverity.WARNING);
      request.setMessage(message);
      request.setUrn("");
      const failed = await new Promise<Error | null>((resolve) => client.log(request, resolve));
      if (failed === null) return;
      process.stderr.write(`warning: (the engine did not take this warning: ${failed.message})\n`);
    }
    process.stderr.write(`warning: ${message}\n`);
  };
}
