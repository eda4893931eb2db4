/**
 * The platform's error body for every failure: a {@link PlatformError} as it says, a route's failed
 * zod schema as 400 INVALID_REQUEST naming each path, the framework's errors (bad JSON, body too
 * large, bad path) mapped to the platform's status and errorCode, and
 * what the HTTP parser refuses before Fastify sees a request.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { errorBody, PlatformError } from "./errors";
import { globalPlugin } from "./global-plugin";
import { requestValidationFailure } from "./request-validation";

/** The status, errorCode and message of a framework error. */
export function classifyFrameworkError(error: FastifyError): [number, string, string] {
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      return [400, "MALFORMED_PATH", "the request path is not valid percent-encoded UTF-8"];
    case "FST_ERR_MAX_PARAM_LENGTH":
      return [414, "PATH_PARAMETER_TOO_LONG", "a path parameter is longer than 100 characters"];
    case "FST_ERR_ASYNC_CONSTRAINT":
      return [500, "INTERNAL_ERROR", "the emulator failed unexpectedly; see its stderr"];
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return [415, "UNSUPPORTED_MEDIA_TYPE", `unsupported content type; send application/json`];
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return [413, "PAYLOAD_TOO_LARGE", "the request body is too large"];
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return [400, "EMPTY_BODY", "the request declares JSON but has an empty body"];
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return [400, "MALFORMED_JSON", `the request body is not valid JSON: ${error.message}`];
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return [400, "INVALID_CONTENT_LENGTH", "the Content-Length header does not match the body"];
  }
  if (error instanceof SyntaxError)
    return [400, "MALFORMED_JSON", `the request body is not valid JSON: ${error.message}`];
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return [status, "INVALID_REQUEST", error.message];
  return [500, "INTERNAL_ERROR", "the emulator failed unexpectedly; see its stderr"];
}

/** Fastify's `frameworkErrors` option: errors raised before routing (a bad path). */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, code, message] = classifyFrameworkError(error);
  void reply.code(status).send(errorBody(code, message, request.id));
}

/**
 * Fastify's `clientErrorHandler` option: answers what the HTTP parser refuses (malformed request
 * line, oversized headers, timeouts) with the platform's error body, then closes the connection.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message]: [number, string, string] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "HEADERS_TOO_LARGE", "the request headers are too large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "REQUEST_TIMEOUT", "the request was not received in time"]
        : [
            400,
            "MALFORMED_HTTP_REQUEST",
            `the request is not valid HTTP/1.1 (${error.code ?? "parse error"})`,
          ];
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The plugin: the error handler of every route; unexpected errors go to stderr with `logErrors`. */
export function platformErrors(options: { logErrors: boolean }): FastifyPluginAsync {
  return globalPlugin("platform-errors", async (app) => {
    app.setErrorHandler((thrown: FastifyError | PlatformError, request, reply) => {
      const error = requestValidationFailure(thrown) ?? thrown;
      if (error instanceof PlatformError) {
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        return reply.code(error.status).send(errorBody(error.errorCode, error.message, request.id));
      }
      const [status, code, message] = classifyFrameworkError(error);
      if (status >= 500 && options.logErrors) {
        process.stderr.write(
          `emulator: unexpected error on ${request.method} ${request.url}: ${error.stack ?? error}\n`,
        );
      }
      return reply.code(status).send(errorBody(code, message, request.id));
    });
  });
}
