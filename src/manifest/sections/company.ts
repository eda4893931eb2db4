/** The `company` section: the Company's inputs; `export` writes them as the platform holds them. */
import { companyAsInputs, companyInputsSchema, companyResource } from "../../resources/company";
import { Company } from "../../dynamic/resources";
import { vendorRules } from "../entries";
import { inputNames, pick, sectionCodec } from "../section-codec";

const COMPANY_FIELDS = inputNames(companyInputsSchema.shape);

/** The company, adopted by id on export. */
export const companySection = sectionCodec({
  schema: companyInputsSchema.superRefine(vendorRules(companyResource, (entry) => entry)),
  declare: (value, { name, optsFor }, section) => ({
    company: new Company(name("company"), value, optsFor([section])),
  }),
  write(out, section) {
    const { company, companyId } = out.snapshot;
    out.document[section] = out.sealed(section, undefined, {
      ...out.inputsOf("Company", pick(companyAsInputs(company), COMPANY_FIELDS)),
      adoptId: companyId,
    });
    out.counts[section] = 1;
  },
});
