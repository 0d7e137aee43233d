import * as z from 'zod/mini';

// ---------- The sign-up and forgot-password forms (spec section 5), wording verbatim ----------
// Opened from the sign-in page (their modals load when opened), written with zod/mini: same
// engine, messages and results as the full zod, less code on top of it (decision 0039); the sign-in
// form itself is in sign-in-form.ts, without a schema library. The server does not use these;
// every schema it validates with stays on the full zod.

export const MOBILE_PATTERN = /^[678]\d{8}$/;
export const MOBILE_PATTERN_MESSAGE = 'Must be 9 digits starting with 6, 7 or 8';

export const registerForm = z
  .object({
    mobile: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Mobile number is required'),
        z.regex(MOBILE_PATTERN, MOBILE_PATTERN_MESSAGE),
      ),
    password: z
      .string()
      .check(z.minLength(1, 'Password is required'), z.minLength(6, 'Minimum 6 characters')),
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm password')),
    invitationCode: z.string().check(z.trim(), z.minLength(1, 'Invitation code is required')),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'Passwords must match',
    }),
  );

export const forgotVerifyForm = z.object({
  mobile: z.string().check(z.trim(), z.minLength(1, 'Mobile number is required')),
  code: z.string().check(z.trim(), z.minLength(1, 'Code is required')),
});

export const forgotResetForm = z
  .object({
    password: z.string().check(z.minLength(6, 'Password must be at least 6 characters')),
    confirmPassword: z.string().check(z.minLength(1, 'Confirm your password')),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'Passwords must match',
    }),
  );
