/** Every error code the API answers with (`{ error: { code } }`); the web app has a translated text for each. */
export const API_ERROR_CODES = [] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
