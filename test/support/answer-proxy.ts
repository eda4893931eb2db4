/**
 * A loopback proxy in front of the emulator that may answer a call with another body: `rewrite`
 * sees each answer (method, path with query, status, body text) and returns the text to send
 * instead, or undefined to pass it through. The reader tests feed readers answers this way.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Sees an answer; returns the body to send instead, or undefined to send it as it came. */
export type AnswerRewrite = (
  method: string,
  path: string,
  status: number,
  body: string,
) => string | undefined;

/** A running answer proxy. */
export interface AnswerProxy {
  url: string;
  /** Replace to change what the next answers are. */
  rewrite: AnswerRewrite;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (an emulator's URL) that passes every answer through until told otherwise. */
export async function startAnswerProxy(target: string): Promise<AnswerProxy> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const path = req.url ?? "/";
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
            const status = answer.statusCode ?? 502;
            const text = Buffer.concat(body).toString("utf8");
            const replaced = proxy.rewrite(method, path, status, text);
            const headers = { ...answer.headers };
            delete headers["content-length"];
            delete headers["transfer-encoding"];
            res.writeHead(status, headers);
            res.end(replaced ?? text);
          });
        },
      );
      forward.on("error", () => req.socket.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const proxy: AnswerProxy = {
    url: `http://127.0.0.1:${port}`,
    rewrite: () => undefined,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return proxy;
}
