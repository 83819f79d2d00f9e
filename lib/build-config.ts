declare const __API_BASE_URL__: string;
declare const __OAUTH_CLIENT_ID__: string;
declare const __API_HEADERS__: Record<string, string>;

/** The service's base URL this build was made for (see wxt.config.ts). */
export const BUILD_API_BASE_URL: string = __API_BASE_URL__;
/** The OAuth client id this build was registered with. */
export const BUILD_OAUTH_CLIENT_ID: string = __OAUTH_CLIENT_ID__;
/** Headers every API request carries: the API-version header, unless the build names none (wxt.config.ts). */
export const BUILD_API_HEADERS: Record<string, string> = __API_HEADERS__;
