/** Every failed call becomes this shape (platform §8: message plus status, default 500). */
export class ApiError extends Error {
  readonly status: number;
  /** The request field at fault, when the server names one (422 answers). */
  readonly field?: string;

  constructor(message: string, status = 500, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
  }
}

/**
 * The request never reached the server (no network, DNS, connection refused). Kept apart from an
 * HTTP answer so offline editing can queue a save instead of showing it as refused.
 */
export class NetworkError extends ApiError {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** Normalises anything thrown into an ApiError; a plain Error keeps its message with status 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') return new ApiError('Request aborted');
  if (error instanceof Error) return new ApiError(error.message);
  return new ApiError(String(error));
}
