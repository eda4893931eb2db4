/**
 * A loopback proxy in front of the emulator that may answer a call with another body: `rewrite`
 * sees each answer (method, path with query, status, body text) and returns the text to send
 * instead, or undefined to pass it through. The reader tests feed readers answers this way.
 */
import { startForwardingProxy } from "./forwarding-proxy";

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
  const forwarding = await startForwardingProxy(target, ({ method, path }) => (answer, _req, res) => {
    const status = answer.status ?? 502;
    const text = answer.body.toString("utf8");
    const replaced = proxy.rewrite(method, path, status, text);
    const headers = { ...answer.headers };
    delete headers["content-length"];
    delete headers["transfer-encoding"];
    res.writeHead(status, headers);
    res.end(replaced ?? text);
  });
  const proxy: AnswerProxy = { url: forwarding.url, rewrite: () => undefined, close: forwarding.close };
  return proxy;
}
