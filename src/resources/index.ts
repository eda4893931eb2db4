/** The Pulumi resources of the travel platform. */
export { Company, type CompanyArgs } from "./company";
