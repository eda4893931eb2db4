/**
 * The vendor contract: the vendor's OpenAPI documents (vendor-api/) as checks of request bodies,
 * query strings and answers. It imports nothing of ours; the emulator, the provider, the resources,
 * the manifest, the tenant reader and the CLI may import it. Nothing is read or compiled on import.
 */
export {
  type AnswerChange,
  type AnswerMutant,
  type AnswerPath,
  answerMutants,
  DEFAULT_VARIATION_FAMILIES,
  label as answerPathLabel,
  speaksOfOrder,
  UNDECLARED_PROPERTY,
  VARIATION_FAMILIES,
  type VariationFamily,
  type VariedAnswer,
  varyAnswer,
} from "./answer-variation";
export { vendorDeclaredPart } from "./declared-part";
export { formatIssuePath, type ContractIssue } from "./issues";
export {
  type VendorOperation,
  type VendorParameter,
  type VendorRequestBody,
  type VendorResponse,
  vendorOperation,
  vendorOperations,
} from "./operations";
export {
  vendorPathIssues,
  vendorQueryIssues,
  vendorRequestIssues,
  vendorRequestSchema,
  vendorResponseIssues,
} from "./vendor-contract";
export { type PublishedAnswer, publishedAnswer } from "./published-answer";
export { compiledSchemaCount } from "./validators";
export { type VendorDocumentName, VENDOR_DOCUMENT_FILES, vendorDocumentsFolder } from "./vendor-documents";
