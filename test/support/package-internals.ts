/**
 * Program text binding `internal(path)`: a module of the installed package that no entry point
 * exports, loaded by its file under `dist/src` (`internal("resources/registry")`). The package's
 * `exports` names its entry points only; a test program that needs the registry or a definition
 * reaches past them on purpose, by file path, with no stability promise.
 */
export const REQUIRE_INTERNAL = `
const internal = (path) =>
  require(require("node:path").join(require("node:path").dirname(require.resolve("pulumi-travel/package.json")), "dist", "src", path));
`;
