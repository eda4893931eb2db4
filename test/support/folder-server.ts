/**
 * A folder's files over HTTP on the loopback interface, as `python3 -m http.server` serves a
 * release folder: each GET of `/<name>` answers that file (404 for anything else). It keeps the
 * request lines it answered, to show what a client fetched.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** A running {@link serveFolder}. */
export interface FolderServer {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  /** `GET /<name> <status>`, one per request answered, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves the files directly in `dir` (no listing, no subfolders) until closed. */
export async function serveFolder(dir: string): Promise<FolderServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/").slice(1);
    const file = join(dir, name);
    const found = req.method === "GET" && /^[^/]+$/.test(name) && existsSync(file) && statSync(file).isFile();
    requests.push(`${req.method} /${name} ${found ? 200 : 404}`);
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/gzip", "content-length": statSync(file).size });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
