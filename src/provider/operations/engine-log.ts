/**
 * Warnings a provider process gives the engine through its `Log` call, as providers in every
 * language log: the CLI then counts them among the run's warnings. Each host knows the engine's
 * address its own way; where there is none, or the engine does not take the warning, it is
 * written to stderr as `warning: ...`.
 */
import type { WarningSink } from "../model/resource-context";

/** The `Log` call of the engine's gRPC service, as a generated client makes it. */
interface EngineLog {
  log(request: unknown, done: (error: Error | null) => void): void;
}

/** The modules this file uses, loaded on the first warning to the engine. */
interface SdkModules {
  grpc: typeof import("@grpc/grpc-js");
  engineRpc: typeof import("@pulumi/pulumi/proto/engine_grpc_pb");
  engine: typeof import("@pulumi/pulumi/proto/engine_pb");
}

/** A warning sink over the engine at `address` (none: stderr only). */
export function engineWarnings(address: string | undefined): WarningSink {
  let engine: { client: EngineLog; sdk: SdkModules } | undefined;
  const connect = (at: string) => {
    if (engine) return engine;
    // Required by literal names, so that a bundler (the plugin's single executable) takes them in.
    const sdk: SdkModules = {
      grpc: require("@grpc/grpc-js") as SdkModules["grpc"],
      engineRpc: require("@pulumi/pulumi/proto/engine_grpc_pb") as SdkModules["engineRpc"],
      engine: require("@pulumi/pulumi/proto/engine_pb") as SdkModules["engine"],
    };
    // The client is made by this package's grpc-js from the SDK's service definition (plain
    // serializers), so that it and its credentials come from one copy of grpc-js whichever copy
    // the SDK's own stubs are bound to.
    const Client = sdk.grpc.makeGenericClientConstructor(sdk.engineRpc.EngineService, "Engine");
    return (engine = {
      client: new Client(at, sdk.grpc.credentials.createInsecure()) as unknown as EngineLog,
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
