/**
 * The plugin's server as the engine talks to it: one server over the registry, a client of the
 * provider protocol with each call as a promise (and `List` as the stream it is), a stand-in engine
 * that records warnings, and the Configure the engine sends, against a live emulator.
 */
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as enginerpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as engineproto from "@pulumi/pulumi/proto/engine_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import type { RunningEmulator } from "../../src/emulator";
import { startPluginServer } from "../../src/provider/hosts/plugin/serve";
import type { Values } from "../../src/provider/model/values";
import { definitions } from "../../src/resources/registry";

export const SIG = "4dabf18193072939515e22adb298388d";
export const SECRET = "1b47061264138c4ac30d75fd1eb44270";
export const secret = (value: unknown) => ({ [SIG]: SECRET, value });
export const struct = (values: Values) => structproto.Struct.fromJavaScript(values as never);

/** A stand-in for the engine's own gRPC service: it records the warnings it is given. */
export async function engineLog(): Promise<{ address: string; warnings: string[]; close(): void }> {
  const warnings: string[] = [];
  const server = new grpc.Server();
  server.addService(enginerpc.EngineService, {
    log: (call: grpc.ServerUnaryCall<engineproto.LogRequest, unknown>, done: grpc.sendUnaryData<unknown>) => {
      warnings.push(call.request.getMessage());
      done(null, new emptyproto.Empty());
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { address: `127.0.0.1:${port}`, warnings, close: () => server.forceShutdown() };
}

/** One page of a `List` call: its results, its continuation token, whether it was computed. */
export interface ListPage {
  results: { id: string; name: string }[];
  continuation: string;
  computed: boolean;
}

/** A client of one plugin server, with the protocol's calls as promises. */
export async function pluginClient(engineAddress?: string): Promise<{
  call<Req, Res>(method: string, request: Req): Promise<Res>;
  list(request: provproto.ListRequest): Promise<ListPage>;
  close(): void;
}> {
  const { port, server } = await startPluginServer(
    { version: "0.0.0-test", definitions, functions: [], schema: () => "{}" },
    engineAddress,
  );
  const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return {
    call: <Req, Res>(method: string, request: Req) =>
      new Promise<Res>((resolve, reject) => {
        const calls = client as unknown as Record<
          string,
          (r: Req, cb: (e: Error | null, v: Res) => void) => void
        >;
        const fn = calls[method];
        if (!fn) throw new Error(`no protocol call ${method}`);
        fn.call(client, request, (error, value) => (error ? reject(error) : resolve(value)));
      }),
    list: (request) =>
      new Promise<ListPage>((resolve, reject) => {
        const page: ListPage = { results: [], continuation: "", computed: false };
        const stream = client.list(request);
        stream.on("data", (response: provproto.ListResponse) => {
          const result = response.getResult();
          if (result) page.results.push({ id: result.getId(), name: result.getName() });
          if (response.hasContinuation())
            page.continuation = response.getContinuation()?.getContinuationToken() ?? "";
          if (response.hasComputed()) page.computed = true;
        });
        stream.on("error", reject);
        stream.on("end", () => resolve(page));
      }),
    close: () => {
      client.close();
      server.forceShutdown();
    },
  };
}

export type Client = Awaited<ReturnType<typeof pluginClient>>;

/** Configures the plugin against `emulator` as the bootstrap TMC admin (or `clientId` with `clientSecret`). */
export async function configure(
  client: Client,
  emulator: RunningEmulator,
  clientSecret: string,
  clientId = emulator.bootstrap.clientId,
) {
  const request = new provproto.ConfigureRequest();
  request.setArgs(
    struct({
      baseUrl: emulator.url,
      clientId,
      clientSecret: secret(clientSecret),
      allowInsecureHttp: "true",
    }),
  );
  request.setAcceptsecrets(true);
  return client.call<provproto.ConfigureRequest, provproto.ConfigureResponse>("configure", request);
}

export const urnOf = (type: string, name: string) => `urn:pulumi:dev::p::travel:index:${type}::${name}`;

/** A `ReadRequest` of `type` with nothing recorded, as `pulumi import` and `pulumi do read` send it. */
export function importRead(type: string, id: string): provproto.ReadRequest {
  const request = new provproto.ReadRequest();
  request.setUrn(urnOf(type, "r"));
  request.setType(`travel:index:${type}`);
  request.setId(id);
  return request;
}
