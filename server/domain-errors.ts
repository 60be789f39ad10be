// What a service says went wrong, in the domain's words; the error handler maps each kind to HTTP
// (services know nothing of status codes).
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'unavailable' | 'upstream_failed';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable machine-readable code for the error shape (`invalid_key_format`, `bus_unavailable`, …). */
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The input breaks a rule of the domain (a key of the wrong format, an invalid geometry). */
export const invalidInput = (code: string, message: string, details?: unknown) => new DomainError('invalid', code, message, details);
/** The thing asked for does not exist. */
export const notFound = (message: string, details?: unknown) => new DomainError('not_found', 'not_found', message, details);
/** The input clashes with what is stored (a name taken); nothing was stored. */
export const conflict = (code: string, message: string, details?: unknown) => new DomainError('conflict', code, message, details);
/** A service this domain needs is down; nothing was stored. */
export const unavailable = (code: string, message: string, details?: unknown) => new DomainError('unavailable', code, message, details);
/** The outside source the domain asked (a camera, a provider) did not answer usefully. */
export const upstreamFailed = (code: string, message: string, details?: unknown) => new DomainError('upstream_failed', code, message, details);
