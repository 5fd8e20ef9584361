/** The one error type services throw; the API and the pages map it to a status and an Italian message. */
export type AppErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable';

const STATUS: Record<AppErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};

/** The kind an HTTP status stands for, when it is one of ours. */
export function kindOfStatus(status: number): AppErrorKind | undefined {
  return (Object.keys(STATUS) as AppErrorKind[]).find((kind) => STATUS[kind] === status);
}

export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly details?: Record<string, unknown>;

  constructor(kind: AppErrorKind, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.details = details;
  }

  get status(): number {
    return STATUS[this.kind];
  }
}

export const forbidden = (message = 'Non hai i permessi per questa operazione') => new AppError('forbidden', message);
