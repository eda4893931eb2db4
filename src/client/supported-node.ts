/**
 * Fails with a clear message on a Node.js older than undici needs, instead of undici's own crash at
 * load (`createZstdDecompress.bind` on Node 20). Imported by the transport before undici.
 */

/** The oldest Node.js release the package runs on (undici 8's `engines`). */
export const MINIMUM_NODE = { major: 22, minor: 19 } as const;

/** Whether `version` (`process.versions.node`) is at least {@link MINIMUM_NODE}. */
export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor);
}

/**
 * Why the Node.js of `version` at `execPath` cannot run pulumi-travel, naming both and the fix;
 * undefined when it can.
 */
export function unsupportedNodeMessage(
  version: string = process.versions.node,
  execPath: string = process.execPath,
): string | undefined {
  if (isSupportedNode(version)) return undefined;
  return (
    `pulumi-travel needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or later; ` +
    `this is ${version} (${execPath}). Put a newer node first on PATH: ` +
    "Pulumi runs the program and the provider with the `node` it finds there."
  );
}

const unsupported = unsupportedNodeMessage();
if (unsupported !== undefined) throw new Error(unsupported);
