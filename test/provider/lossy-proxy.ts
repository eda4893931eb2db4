/**
 * A loopback proxy in front of the emulator that loses answers: for the requests `lose` picks, it
 * forwards the request, lets the platform commit it, then destroys the client's connection
 * without answering. This is the "after handling" fault that blind retries turn into duplicates.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A running proxy. */
export interface LossyProxy {
  url: string;
  /** Answers dropped so far, with the platform's status for each. */
  lost: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

/** Sees each request the proxy forwards: method, path with query, headers and the raw body. */
export type RequestInspector = (
  method: string,
  path: string,
  headers: http.IncomingHttpHeaders,
  body: Buffer,
) => void;

/**
 * Starts a proxy to `target` that drops the answer of every request `lose` returns true for, and
 * holds the answer of every request `holdMs` gives a delay for (the platform has committed it by
 * then: a process killed meanwhile leaves the object without knowing its id). `inspect` sees
 * every request before it is forwarded.
 */
export async function startLossyProxy(
  target: string,
  lose: (method: string, path: string) => boolean,
  holdMs: (method: string, path: string) => number = () => 0,
  inspect: RequestInspector = () => undefined,
): Promise<LossyProxy> {
  const upstream = new URL(target);
  const lost: LossyProxy["lost"] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const path = req.url ?? "/";
      inspect(method, path, req.headers, Buffer.concat(chunks));
      const drop = lose(method, path);
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method,
          path,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => body.push(chunk));
          answer.on("end", () => {
            if (drop) {
              lost.push({ method, path, status: answer.statusCode ?? 0 });
              req.socket.destroy();
              return;
            }
            const reply = () => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(body));
            };
            const hold = holdMs(method, path);
            if (hold > 0) setTimeout(reply, hold).unref();
            else reply();
          });
        },
      );
      forward.on("error", () => req.socket.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lost,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A picker that loses the answer of every `nth` request matching `matches` (1 = all). */
export function everyNth(matches: (method: string, path: string) => boolean, nth: number) {
  let seen = 0;
  return (method: string, path: string) => {
    if (!matches(method, path)) return false;
    seen++;
    return seen % nth === 0;
  };
}
