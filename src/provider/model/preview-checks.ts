/** The preview checks capability: the requests a create sends, which `check` holds to the vendor's documents. */
import type { ValuePath } from "./value-path";
import type { Values } from "./values";

/**
 * A request a resource sends on create, built from its inputs, so that `check` can validate the
 * body against the vendor's documents before anything is sent (`provider/planning/vendor-check.ts`).
 */
export interface VendorRequest {
  method: "POST" | "PUT" | "PATCH";
  /** The concrete path, such as `/v2/companies/8f…/legal-entities`. */
  path: string;
  /**
   * The body exactly as create sends it; undefined for a request whose body is built at run time
   * from the platform's object (an adoption's full PUT): only its path is checked.
   */
  body: unknown;
  /**
   * Where a value of the body comes from in the inputs. Default: the same path (the body's
   * properties are inputs of the same names).
   */
  inputPathOf?: ((bodyPath: ValuePath) => ValuePath) | undefined;
  /**
   * The input holding the object's own id where the path carries it (`adoptId` in an adoption's
   * `PUT …/cost-centers/{costCenterId}`). Other path parameters are inputs of their own names
   * (`{companyId}` is `companyId`).
   */
  idInput?: string | undefined;
}

/** Checks `check` runs at preview, so a plan the platform would refuse fails before `up`. */
export interface PreviewChecks<I extends Values> {
  /**
   * The requests `create` sends, built from valid inputs by the same code `create` uses; `check`
   * validates each body against the vendor's request schema for its method and path. Resources
   * whose writes the vendor does not document leave it out.
   */
  vendorRequests?(inputs: I): VendorRequest[];
}
