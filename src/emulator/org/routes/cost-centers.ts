/**
 * Cost centers: `POST /v2/companies/{companyId}/cost-centers`, the deprecated
 * `GET /v2/companies/{companyId}/cost-centers`, `GET/PUT/DELETE .../cost-centers/{costCenterId}`
 * and `POST /v3/companies/{companyId}/cost-centers/list`. The id is wrapped as `{ id }`.
 */
import {
  costCenterSchema,
  createCostCenterRequestSchema,
  costCenterList,
} from "../../../schemas/cost-center";
import type { EmulatorContext } from "../../context";
import { COST_CENTERS, type CostCenterRecord } from "../records";
import { directoryRoutes } from "./company-directory";

/** Registers the cost center routes. */
export function costCenterRoutes(ctx: EmulatorContext) {
  return directoryRoutes(ctx, {
    records: COST_CENTERS,
    segment: "cost-centers",
    idParam: "costCenterId",
    singular: "cost center",
    plural: "cost centers",
    creation: createCostCenterRequestSchema,
    create({ numberOfEmployees, ...fields }, id, companyId, nowMs): CostCenterRecord {
      return { companyId, createdAtMs: nowMs, numberOfEmployees, entity: { ...fields, id: { id } } };
    },
    replacement: costCenterSchema,
    idField: "id.id",
    idOf: (entity) => entity.id.id,
    // numberOfEmployees is accepted on create only (`CreateCostCenterRequest`); the vendor's
    // `CostCenter`, which PUT takes and GET returns, has no such field, so a PUT does not store it.
    withId: ({ numberOfEmployees: _createOnly, ...entity }, id) => ({ ...entity, id: { id } }),
    v3List: {
      schema: costCenterList.request,
      key: "costCenters",
      filterIds: (filter) => filter.costCenterIds,
      externalIdsOf: (filter) => filter.externalIds,
    },
  });
}
