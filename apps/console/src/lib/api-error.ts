import { ErrorCode } from '@imali/contract';

/** Why a request failed, as the API said it (its envelope's code and message) and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The role may not do this: the console shows the message, the session stays. */
  get forbidden() {
    return this.status === 403 && !this.stepUp;
  }

  /**
   * The request needs a fresh authenticator code (or the one sent was wrong or used): the step-up
   * dialog asks for one and sends the request again. The staff API answers 401 INVALID_CODE for
   * step-up alone (a failed sign-in is INVALID_CREDENTIALS), so an expired session (401
   * UNAUTHENTICATED) still leads back to sign-in.
   */
  get stepUp() {
    return this.status === 401 && this.code === ErrorCode.InvalidCode;
  }

  get unauthenticated() {
    return this.status === 401 && !this.stepUp;
  }
}
