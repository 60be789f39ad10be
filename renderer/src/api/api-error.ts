// A failed API call, with the JSON error shape's code and message when the API sent one.
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** 0 = the request never got an answer (API down, connection refused). */
  get unreachable(): boolean {
    return this.status === 0;
  }
}

/** What a failed call or action says, in the API's words when it answered (the JSON error shape's message). */
export function failureMessage(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

export async function errorFromResponse(response: Response, path: string): Promise<ApiRequestError> {
  let code = `http_${response.status}`;
  let message = `${response.status} ${response.statusText}`.trim();
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string; details?: unknown } };
    if (body.error?.code) code = body.error.code;
    if (body.error?.message) message = body.error.message;
    // A refused form names what was wrong in its details ("invalid body" alone tells the user nothing).
    const reasons = Array.isArray(body.error?.details)
      ? (body.error.details as Array<{ message?: unknown }>).map((detail) => detail.message).filter((text): text is string => typeof text === 'string')
      : [];
    if (reasons.length) message = `${message}: ${[...new Set(reasons)].slice(0, 3).join('; ')}`;
  } catch {
    // Not JSON (a proxy page, an empty body): the status line says enough.
  }
  return new ApiRequestError(response.status, code, message, path);
}
