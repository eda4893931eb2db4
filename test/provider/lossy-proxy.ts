/**
 * A loopback proxy in front of the emulator that loses answers: for the requests `lose` picks, it
 * forwards the request, lets the platform commit it, then destroys the client's connection
 * without answering. This is the "after handling" fault that blind retries turn into duplicates.
 */
import type http from "node:http";
import { startForwardingProxy } from "../support/forwarding-proxy";

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
  const lost: LossyProxy["lost"] = [];
  const forwarding = await startForwardingProxy(target, ({ method, path, headers, body }) => {
    inspect(method, path, headers, body);
    const drop = lose(method, path);
    return (answer, req, res) => {
      if (drop) {
        lost.push({ method, path, status: answer.status ?? 0 });
        req.socket.destroy();
        return;
      }
      const reply = () => {
        res.writeHead(answer.status ?? 502, answer.headers);
        res.end(answer.body);
      };
      const hold = holdMs(method, path);
      if (hold > 0) setTimeout(reply, hold).unref();
      else reply();
    };
  });
  return { url: forwarding.url, lost, close: forwarding.close };
}
