/** The imperative API client, usable without Pulumi. */
export { ClientCredentialsTokenSource, clearSharedTokens, StaticTokenSource, type TokenSource } from "./auth";
export * from "./errors";
export { createLineLogger, formatLogLine, loggerFromEnv, silentLogger, type TravelLogger } from "./logger";
export { type ClientCredentials, isLoopbackHost, type TravelClientOptions } from "./options";
export {
  byId,
  itemsUnder,
  LIST_MAX_PAGES,
  LIST_PAGE_SIZE,
  listAll,
  type ListedItem,
  listEach,
  listElements,
  listedItemSchema,
  listPosted,
  type ListRequest,
} from "./list-collection";
export { LIST_SHAPES, type ListShape, type ListShapeName } from "./list-shapes";
export {
  collect,
  DEFAULT_MAX_ITEMS,
  DEFAULT_PAGE_SIZE,
  type Page,
  type PagePosition,
  type PaginateOptions,
  PaginationLimitError,
  PaginationRepeatError,
  paginate,
} from "./paginate";
export { PlatformClock } from "./platform-clock";
export { RateLimiter, type RateLimitOptions } from "./rate-limiter";
export { REDACTED, redactHeaders, redactText, redactUrl, redactValue, registerSecret } from "./redact";
export {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  decideRetry,
  parseRetryAfter,
  retryDelay,
  type RetryPolicy,
} from "./retry";
export type { ApiRequest, ApiResponse, HttpMethod, RequestOptions } from "./request";
export type { TokenFileCacheOptions } from "./token-file-cache";
export { TOKEN_PATH, TravelClient } from "./travel-client";
export { apiPath, buildUrl, type QueryValue } from "./url";
export {
  type ClientSettings,
  clientSettingsSchema,
  clientOptionsFor,
  clientOptionsFromEnv,
  envLookup,
  envSource,
  readClientSettings,
  SECRET_SETTINGS,
  SETTING_DEFAULTS,
  SETTING_ENV_VARS,
  type SettingLookup,
  type SettingName,
  type SettingSource,
} from "./settings";
