import { z } from 'zod';

/**
 * Every response is `{ code, message, data }`. Success carries code 'OK' and a non-null data;
 * failures carry a stable error code, the user-facing message and data null.
 */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal('OK'), message: z.string(), data });

export const errorEnvelope = z.object({
  code: z.string(),
  message: z.string(),
  data: z.null(),
});

export type Envelope<T> = { code: 'OK'; message: string; data: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Stable error codes: clients may branch on these, so never rename one. */
export const ErrorCode = {
  InvalidInput: 'INVALID_INPUT',
  Unauthenticated: 'UNAUTHENTICATED',
  SessionExpired: 'SESSION_EXPIRED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  RateLimited: 'RATE_LIMITED',
  LoginLocked: 'LOGIN_LOCKED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  InvalidInvitationCode: 'INVALID_INVITATION_CODE',
  MobileTaken: 'MOBILE_TAKEN',
  IncorrectPassword: 'INCORRECT_PASSWORD',
  IncorrectPin: 'INCORRECT_PIN',
  PinLocked: 'PIN_LOCKED',
  PinNotSet: 'PIN_NOT_SET',
  PinRequired: 'PIN_REQUIRED',
  InvalidCode: 'INVALID_CODE',
  KycRequired: 'KYC_REQUIRED',
  KycAlreadySubmitted: 'KYC_ALREADY_SUBMITTED',
  UnsupportedFile: 'UNSUPPORTED_FILE',
  FileTooLarge: 'FILE_TOO_LARGE',
  InsufficientFunds: 'INSUFFICIENT_FUNDS',
  IdempotencyMismatch: 'IDEMPOTENCY_MISMATCH',
  RateChanged: 'RATE_CHANGED',
  LimitExceeded: 'LIMIT_EXCEEDED',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** User-facing messages. Where the spec (section 8) has wording, it is used verbatim. */
export const Messages = {
  requestFailed: 'Request failed.',
  loginFailed: 'Login failed.',
  invalidCredentials: 'Incorrect mobile number or password.',
  loginLocked: 'Too many failed sign-in attempts. Please try again later.',
  rateLimited: 'Too many requests. Please try again later.',
  sessionExpired: 'Session expired. Please log in again.',
  tooManyAttempts: 'Too many failed attempts. Please login again.',
  refreshUnauthorized: 'Session expired — please login again.',
  refreshFailed: 'Token refresh failed — please login again.',
  queuedRetryExpired: 'Session expired during queued retry',
  offline: 'Offline',
  registrationFailed: 'Registration failed.',
  registered: 'Your Account Has Been Successfully Registered',
  invalidInvitationCode: 'Invitation code is invalid or no longer active.',
  mobileTaken: 'This mobile number is already registered.',
  verificationFailed: 'Verification failed. Please try again.',
  passwordResetFailed: 'Password reset failed. Please try again.',
  passwordResetSuccess: 'Password reset successfully.',
  incorrectPassword: 'Incorrect password',
  pinSet: 'PIN has been set',
  pinSetFailed: 'Failed to set PIN.',
  incorrectPin: 'Incorrect PIN.',
  pinLocked: 'PIN locked after too many wrong attempts. Sign in with your password again to unlock it.',
  pinNotSet: 'Please set a PIN first.',
  pinRequired: 'Please verify your PIN to continue.',
  passwordChanged: 'Password changed successfully.',
  avatarUploaded: 'Avatar uploaded successfully',
  uploadFailed: 'Upload failed',
  noImageUrl: 'Upload failed. No image URL returned.',
  imageUploadFailed: 'Image upload failed. Please try again.',
  onlyImages: 'Only image files are allowed.',
  imageTooLarge: 'Image must be smaller than 20MB.',
  kycLoadFailed: 'Failed to load KYC information.',
  kycRequired: 'Identity verification must be approved first.',
  kycAlreadySubmitted: 'Your KYC has already been submitted.',
  kycImagesInvalid: 'Please upload your ID images again.',
  passwordCheckRequired: 'Please verify your password first.',
  notFound: 'Not found.',
  forbidden: 'You do not have access to this resource.',
  fetchPortfolioFailed: 'Fetch Portfolio failed.',
  fetchAssetsFailed: 'Fetch Assets Data failed.',
  copyFailed: 'Copy failed! Please try manually.',
  controlCharacters: 'Text must not contain control characters.',
  storageUnsupported: 'Your browser does not support local storage or this feature has been disabled.',
} as const;

/** A decimal amount on the wire: digits with an optional fraction, never a float. */
export const decimalString = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'Enter a valid amount');

export const md5Hex = z
  .string()
  .trim()
  .regex(/^[a-f0-9]{32}$/i, 'Must be an MD5 hex digest')
  .transform((s) => s.toLowerCase());

export const okResult = z.object({ ok: z.literal(true) });
