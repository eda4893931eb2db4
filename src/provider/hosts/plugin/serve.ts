/**
 * The provider plugin `travel`: a gRPC server of the engine's ResourceProvider protocol, served from
 * the same registry as the dynamic resources. It answers every call the engine makes of a custom
 * resource provider (handshake, configure, schema, check, diff, create, read, update, delete,
 * invoke) and `List` (`list-call.ts`), accepts secrets, previews updates, and hands the engine its
 * port on stdout. It exits once its engine is gone (`engine-lifetime.ts`).
 *
 * It serves the protocol itself with the SDK's generated stubs rather than through the SDK's
 * `provider.main`, whose `configure` ignores the configuration and whose `read` fails on an import
 * (docs/api-decisions.md, "The provider plugin").
 */
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as anyproto from "google-protobuf/google/protobuf/any_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { SECRET_SETTINGS } from "../../../client";
import { PartialCreateError } from "../../create/partial-create-error";
import type { ProviderFunction } from "../../model/provider-function";
import type { WarningSink } from "../../model/resource-context";
import type { Values } from "../../model/values";
import { engineWarnings } from "../../operations/engine-log";
import { engineError } from "../../operations/engine-messages";
import { createProviderRuntime, type DefinitionRegistry, type DeleteWarning } from "../../operations/runtime";
import { changedSettings, pluginConfig } from "./plugin-config";
import { type ChangeKind, pluginResources } from "./plugin-resources";
import { fromWire, toWire } from "./wire-values";
import type { CompanyDeleteCheck } from "../../operations/company-delete-gate";
import { encodeMeta } from "../../model/codec";
import { answerList } from "./list-call";
import { exitWhenEngineGone } from "./engine-lifetime";
import { typeListing } from "./type-listing";
import { urnParts } from "./urn";

/** What the plugin serves. */
export interface PluginOptions {
  /** The plugin's version, which the engine checks against the program's. */
  version: string;
  definitions: DefinitionRegistry;
  functions: readonly ProviderFunction[];
  deleteWarnings?: Readonly<Record<string, DeleteWarning>> | undefined;
  /** The check before the first delete under a company the run may delete. */
  companyDeleteCheck?: CompanyDeleteCheck | undefined;
  /** The package schema (JSON text), read when the engine asks for it. */
  schema: () => string;
}

/** The package of every token this plugin serves. */
const PACKAGE = "travel";

/** The type name of a resource from its type token or URN (`travel:index:CostCenter`). */
export function typeNameOf(token: string, urn: string): string {
  const full = token !== "" ? token : (urn.split("::")[2]?.split("$").pop() ?? "");
  const [pkg, , name] = full.split(":");
  if (pkg !== PACKAGE || name === undefined)
    throw new Error(`pulumi-travel: ${full} is not a travel resource type`);
  return name;
}

type Callback<T> = grpc.sendUnaryData<T>;
type Call<T> = grpc.ServerUnaryCall<T, unknown>;

/** Answers a unary call with what `work` resolves to, or with its error made ready for the engine. */
function answer<Req, Res>(work: (request: Req) => Promise<Res>) {
  return (call: Call<Req>, callback: Callback<Res>) => {
    work(call.request).then(
      (response) => callback(null, response),
      (error: unknown) => callback(grpcError(engineError(error))),
    );
  };
}

/** An error for the engine; a partial create carries its object, so the engine records it. */
function grpcError(error: unknown): Partial<grpc.StatusObject> {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  if (error instanceof PartialCreateError) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(structproto.Struct.fromJavaScript(toWire(error.properties, []) as never));
    detail.setReasonsList(error.reasons);
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    const any = new anyproto.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

const KINDS: Record<ChangeKind, provproto.PropertyDiff.Kind> = {
  ADD: provproto.PropertyDiff.Kind.ADD,
  ADD_REPLACE: provproto.PropertyDiff.Kind.ADD_REPLACE,
  DELETE: provproto.PropertyDiff.Kind.DELETE,
  DELETE_REPLACE: provproto.PropertyDiff.Kind.DELETE_REPLACE,
  UPDATE: provproto.PropertyDiff.Kind.UPDATE,
  UPDATE_REPLACE: provproto.PropertyDiff.Kind.UPDATE_REPLACE,
};

const struct = (values: Values) => structproto.Struct.fromJavaScript(values as never);
const plain = (value: structproto.Struct | undefined): Values => value?.toJavaScript() ?? {};

/** The service implementation of the protocol over `options`. */
export function providerService(options: PluginOptions, engineAddress: string | undefined) {
  let warn: WarningSink = engineWarnings(engineAddress);
  const runtime = createProviderRuntime(options.definitions, {
    deleteWarnings: options.deleteWarnings,
    companyDeleteCheck: options.companyDeleteCheck,
    warn: (message) => warn(message),
  });
  const resources = pluginResources(options.definitions, runtime);
  const listing = typeListing(options.definitions);
  const client = async () => (await runtime.context()).client;
  const functions = new Map(options.functions.map((fn) => [`${PACKAGE}:index:${fn.name}`, fn]));
  const type = (request: { getType(): string; getUrn(): string }) =>
    typeNameOf(request.getType(), request.getUrn());

  return {
    handshake: answer(async (request: provproto.ProviderHandshakeRequest) => {
      warn = engineWarnings(request.getEngineAddress());
      const response = new provproto.ProviderHandshakeResponse();
      response.setAcceptSecrets(true);
      response.setAcceptResources(false);
      response.setAcceptOutputs(false);
      return response;
    }),
    attach: answer(async (request: plugproto.PluginAttach) => {
      warn = engineWarnings(request.getAddress());
      return new emptyproto.Empty();
    }),
    getPluginInfo: answer(async () => new plugproto.PluginInfo().setVersion(options.version)),
    getSchema: answer(async (request: provproto.GetSchemaRequest) => {
      if (request.getVersion() !== 0) throw new Error(`unsupported schema version ${request.getVersion()}`);
      return new provproto.GetSchemaResponse().setSchema(options.schema());
    }),
    checkConfig: answer(async (request: provproto.CheckRequest) => {
      const news = fromWire(plain(request.getNews()));
      const response = new provproto.CheckResponse();
      const failures = pluginConfig(news.values).failures;
      response.setInputs(struct(toWire(news.values, [...SECRET_SETTINGS, ...news.secrets])));
      response.setFailuresList(failures.map(checkFailure));
      return response;
    }),
    diffConfig: answer(async (request: provproto.DiffRequest) => {
      const olds = fromWire(plain(request.getOldInputs() ?? request.getOlds())).values;
      const news = fromWire(plain(request.getNews())).values;
      const changed = changedSettings(olds, news);
      // A new configuration changes how the provider talks to the platform, never what it holds.
      const response = new provproto.DiffResponse();
      response.setChanges(
        changed.length > 0
          ? provproto.DiffResponse.DiffChanges.DIFF_SOME
          : provproto.DiffResponse.DiffChanges.DIFF_NONE,
      );
      response.setDiffsList(changed);
      return response;
    }),
    configure: answer(async (request: provproto.ConfigureRequest) => {
      const args = fromWire(plain(request.getArgs())).values;
      const variables = Object.fromEntries(request.getVariablesMap().toArray());
      await runtime.configure(pluginConfig(args, variables).lookup);
      const response = new provproto.ConfigureResponse();
      response.setAcceptsecrets(true);
      response.setSupportspreview(true);
      response.setAcceptresources(false);
      response.setAcceptoutputs(false);
      return response;
    }),
    invoke: answer(async (request: provproto.InvokeRequest) => {
      const fn = functions.get(request.getTok());
      if (!fn) throw new Error(`pulumi-travel has no function ${request.getTok()}`);
      const args = fromWire(plain(request.getArgs()));
      const parsed = fn.args.safeParse(args.values);
      const response = new provproto.InvokeResponse();
      if (!parsed.success) {
        response.setFailuresList(
          parsed.error.issues.map((issue) =>
            checkFailure({ property: issue.path.join("."), reason: `${fn.name}: ${issue.message}` }),
          ),
        );
        return response;
      }
      const { client } = await runtime.context();
      response.setReturn(struct(await fn.call(client, parsed.data)));
      return response;
    }),
    check: answer(async (request: provproto.CheckRequest) => {
      const result = await resources.check(
        type(request),
        plain(request.getOlds()),
        plain(request.getNews()),
        request.getUrn(),
      );
      const response = new provproto.CheckResponse();
      response.setInputs(struct(result.inputs));
      response.setFailuresList(result.failures.map(checkFailure));
      return response;
    }),
    diff: answer(async (request: provproto.DiffRequest) => {
      const diff = await resources.diff(
        type(request),
        request.getId(),
        plain(request.getOlds()),
        plain(request.getNews()),
        plain(request.getOldInputs()),
      );
      const response = new provproto.DiffResponse();
      response.setChanges(
        diff.changes
          ? provproto.DiffResponse.DiffChanges.DIFF_SOME
          : provproto.DiffResponse.DiffChanges.DIFF_NONE,
      );
      response.setReplacesList(diff.replaces);
      response.setDeletebeforereplace(diff.deleteBeforeReplace);
      response.setDiffsList(diff.changed);
      response.setHasdetaileddiff(true);
      const detailed = response.getDetaileddiffMap();
      for (const [key, kind] of Object.entries(diff.detailedDiff)) {
        const change = new provproto.PropertyDiff();
        change.setKind(KINDS[kind]);
        change.setInputdiff(true);
        detailed.set(key, change);
      }
      return response;
    }),
    create: answer(async (request: provproto.CreateRequest) => {
      const created = await resources.create(
        type(request),
        plain(request.getProperties()),
        request.getPreview(),
        request.getUrn(),
      );
      const response = new provproto.CreateResponse();
      response.setId(created.id);
      response.setProperties(struct(created.properties));
      return response;
    }),
    read: answer(async (request: provproto.ReadRequest) => {
      const found = await resources.read(
        type(request),
        request.getId(),
        plain(request.getProperties()),
        plain(request.getInputs()),
      );
      const response = new provproto.ReadResponse();
      if (found) {
        response.setId(found.id);
        response.setProperties(struct(found.properties));
        response.setInputs(struct(found.inputs));
      }
      return response;
    }),
    update: answer(async (request: provproto.UpdateRequest) => {
      const updated = await resources.update(
        type(request),
        request.getId(),
        plain(request.getOlds()),
        plain(request.getNews()),
        request.getPreview(),
      );
      return new provproto.UpdateResponse().setProperties(struct(updated.properties));
    }),
    delete: answer(async (request: provproto.DeleteRequest) => {
      // The URN names the stack (`urn:pulumi:<stack>::<project>::...`): the company-delete check reads its checkpoint.
      const properties = {
        ...plain(request.getProperties()),
        ...encodeMeta({ stack: urnParts(request.getUrn())?.stack }),
      };
      await resources.delete(type(request), request.getId(), properties);
      return new emptyproto.Empty();
    }),
    list: (call: grpc.ServerWritableStream<provproto.ListRequest, provproto.ListResponse>) => {
      const request = call.request;
      answerList(listing, client, {
        type: typeNameOf(request.getToken(), ""),
        query: fromWire(plain(request.getQuery())).values,
        limit: request.getLimit(),
        pageSize: request.getPageSize(),
        continuationToken: request.getContinuationToken(),
      }).then(
        (answer) => {
          if (answer.computed)
            call.write(new provproto.ListResponse().setComputed(new provproto.ListResponse.Computed()));
          else {
            for (const object of answer.page) {
              const result = new provproto.ListResponse.Result()
                .setId(object.importId)
                .setName(object.name ?? "");
              call.write(new provproto.ListResponse().setResult(result));
            }
            if (answer.next !== "") {
              const next = new provproto.ListResponse.Continuation().setContinuationToken(answer.next);
              call.write(new provproto.ListResponse().setContinuation(next));
            }
          }
          call.end();
        },
        (error: unknown) => call.emit("error", grpcError(engineError(error))),
      );
    },
    cancel: answer(async () => new emptyproto.Empty()),
  };
}

function checkFailure({ property, reason }: { property: string; reason: string }): provproto.CheckFailure {
  const failure = new provproto.CheckFailure();
  failure.setProperty(property);
  failure.setReason(reason);
  return failure;
}

/** Starts the plugin's gRPC server on a free loopback port; resolves to the port and the server. */
export async function startPluginServer(
  options: PluginOptions,
  engineAddress: string | undefined,
): Promise<{ port: number; server: grpc.Server }> {
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 1024 * 1024 * 400,
    "grpc.max_send_message_length": 1024 * 1024 * 400,
  });
  server.addService(provrpc.ResourceProviderService, providerService(options, engineAddress));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { port, server };
}

/**
 * Serves the plugin and prints its port on stdout, as the engine expects of every plugin, until
 * its engine is gone; `engineAddress` is the first argument the engine starts a plugin with.
 */
export async function servePlugin(options: PluginOptions, engineAddress: string | undefined): Promise<void> {
  const { port, server } = await startPluginServer(options, engineAddress);
  exitWhenEngineGone({ shutdown: () => server.forceShutdown() });
  process.stdout.write(`${port}\n`);
}
