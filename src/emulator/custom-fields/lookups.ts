/** Lookups of the custom-fields area: the caller's company, fields, arms and option groups by path. */
import type { FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { notFound } from "../core/errors";
import { param } from "../core/http";
import { principalOf } from "../identity/authenticate";
import { companyFor } from "../org/permissions";
import type { CompanyRecord } from "../org/records";
import {
  type ArmRecord,
  CUSTOM_FIELD_ARMS,
  CUSTOM_FIELD_OPTION_GROUPS,
  CUSTOM_FIELD_ORDER,
  CUSTOM_FIELDS,
  type CustomFieldRecord,
  type OptionGroupRecord,
} from "./records";
import { assertLevelAccess, completeOrder } from "./rules";

/** Typed access to the area's collections and path lookups. */
export class CustomFieldStore {
  constructor(private readonly ctx: EmulatorContext) {}

  get fields() {
    return this.ctx.store.records(CUSTOM_FIELDS);
  }

  get arms() {
    return this.ctx.store.records(CUSTOM_FIELD_ARMS);
  }

  get optionGroups() {
    return this.ctx.store.records(CUSTOM_FIELD_OPTION_GROUPS);
  }

  private get orders() {
    return this.ctx.store.records(CUSTOM_FIELD_ORDER);
  }

  /** The path's company, when the caller may access it. */
  company(request: FastifyRequest): CompanyRecord {
    return companyFor(this.ctx.store, principalOf(request), param(request, "companyId"));
  }

  /** The path's field of the path's company, checked for the caller's level access. */
  field(request: FastifyRequest): CustomFieldRecord {
    const company = this.company(request);
    const id = param(request, "customFieldId");
    const field = this.fields.of(company.id.id).get(id);
    if (!field) throw notFound("custom field", id);
    assertLevelAccess(principalOf(request), company, field.definedAt);
    return field;
  }

  /** The path's arm of the path's field. */
  arm(request: FastifyRequest): ArmRecord {
    return this.childOfField(request, this.arms, "armId", "arm");
  }

  /** The path's option group of the path's field. */
  optionGroup(request: FastifyRequest): OptionGroupRecord {
    return this.childOfField(request, this.optionGroups, "optionGroupId", "option group");
  }

  /** The record of path parameter `idParam` in `records`; 404 unless it is the path's field's. */
  private childOfField<R extends { customFieldId: string }>(
    request: FastifyRequest,
    records: { get(id: string): R | undefined },
    idParam: string,
    singular: string,
  ): R {
    const field = this.field(request);
    const id = param(request, idParam);
    const record = records.get(id);
    if (!record || record.customFieldId !== field.id) throw notFound(singular, id);
    return record;
  }

  /** The company's own fields (every level) in checkout order. */
  ordered(companyId: string): CustomFieldRecord[] {
    const own = this.fields.of(companyId).values();
    const byId = new Map(own.map((field) => [field.id, field]));
    const order = completeOrder(this.orders.get(companyId)?.ids ?? [], [...byId.keys()]);
    return order.flatMap((id) => {
      const field = byId.get(id);
      return field ? [field] : [];
    });
  }

  /** Stores the checkout order of a company's own fields. */
  setOrder(companyId: string, ids: string[]): void {
    this.orders.set(companyId, { ids });
  }

  /** Deletes a field with its arms and option groups. */
  deleteField(field: CustomFieldRecord): void {
    for (const arm of this.arms.values()) if (arm.customFieldId === field.id) this.deleteArm(arm);
    this.fields.delete(field.id);
    this.setOrder(
      field.companyId,
      this.ordered(field.companyId).map((f) => f.id),
    );
  }

  /** Deletes an arm with its option group. */
  deleteArm(arm: ArmRecord): void {
    if (arm.optionGroupId !== undefined) this.optionGroups.delete(arm.optionGroupId);
    this.arms.delete(arm.id);
  }
}
