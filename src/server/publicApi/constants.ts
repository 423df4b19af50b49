// The public API's place (spec 000 §3 publicApi.path and latestVersion): `${basePath}api/v1`.
export const PUBLIC_API_PATH = 'api';
export const PUBLIC_API_LATEST_VERSION = 1;
/** n8n's header, so tools written for n8n's public API work. */
export const API_KEY_HEADER = 'x-n8n-api-key';
