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

export { ErrorCode, Messages } from './messages';

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
