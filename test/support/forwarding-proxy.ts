/**
 * The loop every test proxy in front of the emulator shares: it reads each request whole, lets
 * `receive` see it, forwards it, reads the emulator's answer whole, and hands that answer to what
 * `receive` returned, which writes the client's answer (or destroys the connection).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the proxy received it. */
export interface ProxiedRequest {
  method: string;
  /** The path with its query. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The emulator's whole answer to a forwarded request. */
export interface UpstreamAnswer {
  status: number | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Answers the client once the emulator has answered: through `res`, or by destroying `req.socket`. */
export type AnswerHandler = (
  answer: UpstreamAnswer,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) => void;

/** A running proxy. */
export interface ForwardingProxy {
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts a proxy to `target` (an emulator's URL) on a free loopback port. `receive` sees each
 * request before it is forwarded and returns how to answer it.
 */
export async function startForwardingProxy(
  target: string,
  receive: (request: ProxiedRequest) => AnswerHandler,
): Promise<ForwardingProxy> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      const answer = receive(request);
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.path,
          headers: { ...req.headers, host: upstream.host },
        },
        (upstreamAnswer) => {
          const body: Buffer[] = [];
          upstreamAnswer.on("data", (chunk: Buffer) => body.push(chunk));
          upstreamAnswer.on("end", () =>
            answer(
              {
                status: upstreamAnswer.statusCode,
                headers: upstreamAnswer.headers,
                body: Buffer.concat(body),
              },
              req,
              res,
            ),
          );
        },
      );
      forward.on("error", () => req.socket.destroy());
      forward.end(request.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
