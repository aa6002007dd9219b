/** An API failure as a value: the UI maps `code` (packages/api `ApiErrorCode`) to text with i18n/errorText.ts. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: string, status: number, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/** Status 0: the request never got an answer (offline, server down). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function errorCodeOf(value: unknown): string {
  return isApiError(value) ? value.code : 'UNKNOWN';
}

interface Envelope {
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: Envelope | undefined;
  try {
    body = (await response.json()) as Envelope;
  } catch {
    body = undefined;
  }
  const code = typeof body?.error?.code === 'string' ? body.error.code : `HTTP_${response.status}`;
  const message = typeof body?.error?.message === 'string' ? body.error.message : response.statusText;
  return new ApiError(code, response.status, message, body?.error?.details);
}
