/**
 * The plugin's release for this platform, as the Pulumi engine downloads it from a
 * `pluginDownloadURL`: `pulumi-resource-travel-v<version>-<os>-<arch>.tar.gz`, holding the single
 * executable `pulumi-resource-travel`, and `pulumi-resource-travel-v<version>-checksums.txt`
 * (`sha256sum` format). The tarball is kept in the per-user cache under a digest of everything it
 * is made from (the bundle, the assets, the Node binary's version, esbuild's and postject's), so a
 * release of unchanged code only bundles (a few seconds) and copies.
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import {
  checksumsLine,
  PLUGIN_EXECUTABLE,
  releaseChecksumsName,
  releaseTarballName,
} from "../../src/cli/plugin/release-tarball";
import { writeTarGz } from "../../src/cli/plugin/tar-gz";
import { RUNTIME_PACKAGE_FILES } from "../../src/package-files/package-file";
import { toolCacheDir } from "../tool-cache";
import { bundlePlugin } from "./bundle";
import { writeSingleExecutable } from "./single-executable";

/** Raised when what goes into the cached tarball changes in a way the inputs' digest cannot see. */
const RELEASE_FORMAT = "1";

/** The cache entries' name prefix in the per-user cache. */
const CACHE_PREFIX = "plugin-release-";

/** What {@link writePluginRelease} wrote. */
export interface PluginRelease {
  version: string;
  /** The tarball's path and size. */
  tarball: string;
  tarballBytes: number;
  /** The checksums file's path. */
  checksums: string;
  /** The executable's size (in the tarball). */
  executableBytes: number;
  /** True when the tarball came from the per-user cache. */
  cached: boolean;
  /** esbuild's warnings about the bundle. */
  warnings: string[];
}

/** Options of {@link writePluginRelease}. */
export interface PluginReleaseOptions {
  /** The per-user cache directory; default {@link toolCacheDir}. */
  cacheDir?: string;
  /** Progress lines. */
  log?: (line: string) => void;
}

/**
 * Writes the release of the repository at `root` (built: `npm run build`) into `outDir`: the
 * tarball for this platform and the checksums file.
 */
export async function writePluginRelease(
  root: string,
  outDir: string,
  options: PluginReleaseOptions = {},
): Promise<PluginRelease> {
  if (process.platform !== "linux")
    throw new Error(
      `the plugin's single executable is built on Linux only (this is ${process.platform}; macOS and Windows need their executables signed)`,
    );
  const log = options.log ?? (() => undefined);
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const bundle = await bundlePlugin(root);
  const key = inputsDigest(root, bundle.text);
  const entry = join(options.cacheDir ?? toolCacheDir(), `${CACHE_PREFIX}${key}`);
  const name = releaseTarballName(version);
  const cached = existsSync(join(entry, name));
  if (cached) utimesSync(entry, new Date(), new Date());
  else {
    log(`building the single executable (${(bundle.text.length / 1e6).toFixed(1)} MB bundle) into ${entry}`);
    await buildCacheEntry(entry, async (dir) => {
      const executable = join(dir, PLUGIN_EXECUTABLE);
      await writeSingleExecutable({ bundle: bundle.text, root, output: executable });
      const { size } = statSync(executable);
      await writeTarGz(
        [
          {
            path: PLUGIN_EXECUTABLE,
            kind: "file",
            mode: 0o755,
            mtime: Math.floor(Date.now() / 1000),
            read: () => readFileSync(executable),
          },
        ],
        join(dir, name),
      );
      writeFileSync(join(dir, "executable-bytes"), `${size}\n`);
      rmSync(executable);
    });
  }
  mkdirSync(outDir, { recursive: true });
  const tarball = join(outDir, name);
  copyFileSync(join(entry, name), tarball);
  const checksums = join(outDir, releaseChecksumsName(version));
  writeFileSync(checksums, checksumsLine(tarball));
  return {
    version,
    tarball,
    tarballBytes: statSync(tarball).size,
    checksums,
    executableBytes: Number(readFileSync(join(entry, "executable-bytes"), "utf8")),
    cached,
    warnings: bundle.warnings,
  };
}

/** Cache entries not used for this long are removed when a new one is made. */
const UNUSED_MS = 3 * 24 * 3600 * 1000;

/**
 * Makes the cache entry `entry` with `fill` in a temporary directory beside it, then moves it into
 * place, so an entry is whole or absent. Entries unused for {@link UNUSED_MS} go.
 */
async function buildCacheEntry(entry: string, fill: (dir: string) => Promise<void>): Promise<void> {
  const parent = dirname(entry);
  mkdirSync(parent, { recursive: true });
  const work = mkdtempSync(join(parent, `.${CACHE_PREFIX}`));
  try {
    await fill(work);
    rmSync(entry, { recursive: true, force: true });
    renameSync(work, entry);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  for (const name of readdirSync(parent)) {
    const other = join(parent, name);
    if (name.startsWith(CACHE_PREFIX) && other !== entry && Date.now() - statSync(other).mtimeMs > UNUSED_MS)
      rmSync(other, { recursive: true, force: true });
  }
}

/** A digest of everything the tarball is made from (but the time in its header). */
function inputsDigest(root: string, bundle: string): string {
  const hash = createHash("sha256");
  const versionOf = (name: string) =>
    (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version: string })
      .version;
  hash.update(`${RELEASE_FORMAT}\n${process.version} ${process.platform} ${process.arch}\n`);
  hash.update(`esbuild ${versionOf("esbuild")}, postject ${versionOf("postject")}\n`);
  hash.update(bundle);
  for (const path of RUNTIME_PACKAGE_FILES) hash.update(`\n${path}\n`).update(readFileSync(join(root, path)));
  return hash.digest("hex").slice(0, 16);
}
