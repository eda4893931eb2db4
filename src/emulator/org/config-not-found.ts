/** The 404 of a configuration document that was never stored. */
import { PlatformError } from "../core/errors";

/** The 404 of a configuration document that was never stored (or was deleted). */
export function configNotFound(label: string, companyId: string, companyRole?: string): PlatformError {
  const code = `${label.toUpperCase().replace(/[^A-Z]+/g, "_")}_NOT_FOUND`;
  const level = companyRole === undefined ? "" : ` at companyRole ${companyRole}`;
  return new PlatformError(
    404,
    code,
    `company ${companyId} has no ${label}${level}; store one with PUT first`,
  );
}
