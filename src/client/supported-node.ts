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

if (!isSupportedNode(process.versions.node)) {
  throw new Error(
    `pulumi-travel needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or later; ` +
      `this is ${process.versions.node} (${process.execPath}). Put a newer node first on PATH: ` +
      "Pulumi runs the program and the provider with the `node` it finds there.",
  );
}
