/**
 * `npm run plugin:release -- <dir>`: writes the provider plugin's release for this platform into
 * `<dir>`: `pulumi-resource-travel-v<version>-linux-amd64.tar.gz` (the single executable) and
 * `pulumi-resource-travel-v<version>-checksums.txt`, what a `pluginDownloadURL` serves
 * (docs/plugin.md, "A self-contained executable").
 */
import { resolve } from "node:path";
import { packageRoot } from "../src/package-files/package-file";
import { writePluginRelease } from "./plugin-release/release";

async function main(args: readonly string[]): Promise<void> {
  const [dir, ...rest] = args;
  if (dir === undefined || dir.startsWith("-") || rest.length > 0)
    throw new Error("usage: npm run plugin:release -- <dir>   (the directory to write the release into)");
  const started = Date.now();
  const release = await writePluginRelease(packageRoot(), resolve(dir), {
    log: (line) => console.error(`plugin:release: ${line}`),
  });
  for (const warning of release.warnings) console.error(`plugin:release: esbuild: warning: ${warning}`);
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(
    `wrote ${release.tarball} (${release.tarballBytes} bytes, ${mb(release.tarballBytes)}; the executable ${mb(release.executableBytes)}` +
      `${release.cached ? ", from the cache" : ""}) and ${release.checksums} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`plugin:release: error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
