import { z } from 'zod';
import { SPACE, documented } from './json-schema-hints';
import { md5Hex } from './common';
import { MOBILE_PATTERN, MOBILE_PATTERN_MESSAGE } from './account-forms';

// ---------- Form schemas (spec section 5): the browser validates with these, wording verbatim ----------

export { forgotResetForm, forgotVerifyForm, MOBILE_PATTERN, registerForm } from './account-forms';
export { signInForm, type SignInValues } from './sign-in-form';

export const verifyPasswordForm = z.object({
  password: z.string().min(1, 'Password is required'),
});

export const changePasswordForm = z
  .object({
    current: z.string().min(1, 'Current password is required'),
    next: z.string().min(1, 'New password is required').min(6, 'Password must be at least 6 characters'),
    confirm: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.next === v.confirm, { path: ['confirm'], message: 'Passwords must match' });

export const PIN_LENGTH = 6;
export const pinForm = z.object({
  pin: z.string().regex(/^\d{6}$/, 'PIN must be 6 digits'),
});

/** Age in whole years on `today` for a yyyy-mm-dd birth date. */
export function ageOn(dob: string, today: Date): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const dobField = documented(
  z
    .string()
    .trim()
    .min(1, 'Date of birth is required.')
    .refine(isRealDate, 'Invalid date format.')
    .refine((s) => Number(s.slice(0, 4)) >= 1900, 'Invalid date format.')
    .refine((s) => ageOn(s, new Date()) >= 18, 'You must be at least 18 years old.'),
  {
    pattern: `^${SPACE}*(19|[2-9][0-9])[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])${SPACE}*$`,
    description: 'A real date, YYYY-MM-DD, from 1900, at least 18 years ago',
  },
);

export const kycBaseForm = z.object({
  full_name: z.string().trim().min(1, 'Full name is required.'),
  mobile: z
    .string()
    .trim()
    .regex(/^\d{9,15}$/, 'Phone number must be 9 digits.'),
  dob: dobField,
});

export const kycIdForm = z.object({
  id_no: z.string().trim().min(1, 'ID number is required.'),
  id_front_url: z.string().min(1, 'ID front image is required.'),
  id_back_url: z.string().default(''),
});

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

// ---------- API payloads (spec section 7) ----------

export const loginBody = z.object({
  username: z.string().trim().min(1, 'Email is required').max(64),
  password: md5Hex,
  remember: z.boolean().default(false),
});

export const authData = z.object({
  refresh_token: z.string(),
  remember: z.boolean(),
});
export type AuthData = z.infer<typeof authData>;

/** POST /auth/app/v2/refresh: the new token (the old one keeps working for a short grace). */
export const refreshData = z.object({ refresh_token: z.string() });
export type RefreshData = z.infer<typeof refreshData>;

export const registerBody = z.object({
  username: z.string().trim().regex(MOBILE_PATTERN, MOBILE_PATTERN_MESSAGE),
  password: md5Hex,
  invite_code: z.string().trim().min(1, 'Invitation code is required').max(64),
});

export const codeRequestBody = z.object({
  username: z.string().trim().regex(MOBILE_PATTERN, MOBILE_PATTERN_MESSAGE),
  purpose: z.enum(['reset_pwd']).default('reset_pwd'),
});

/** The verify step sends username + code; the reset step adds the new password. */
export const resetPasswordBody = z.object({
  username: z.string().trim().min(1, 'Mobile number is required'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Verification failed. Please try again.'),
  password: md5Hex.optional(),
});

export const changePasswordBody = z.object({
  old_password: md5Hex,
  new_password: md5Hex,
});

export const passwordBody = z.object({ password: md5Hex });
export const pinBody = z.object({ pin: md5Hex });

export const KYC_STATUSES = ['unverified', 'pending', 'approved', 'rejected'] as const;
export const kycStatus = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatus>;

export const clientProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  verified: kycStatus,
  kycStatus: kycStatus,
  kyc_reason: z.string(),
  vip: z.number().int(),
  score: z.number().int(),
  order_num: z.number(),
  has_pin: z.boolean(),
  pin_locked: z.boolean(),
  allow_compensation: z.boolean(),
  allow_bonus: z.boolean(),
  allow_loan: z.boolean(),
  service: z.string(),
  accounts: z.array(z.unknown()),
  country: z.string(),
});
export type ClientProfile = z.infer<typeof clientProfile>;

export const identifyBody = z.object({
  full_name: z.string().trim().min(1, 'Full name is required.').max(200),
  id_no: z.string().trim().min(1, 'ID number is required.').max(64),
  mobile: z
    .string()
    .trim()
    .regex(/^\d{9,15}$/, 'Phone number must be 9 digits.'),
  dob: dobField,
  id_front_url: z.string().min(1, 'ID front image is required.').max(300),
  id_back_url: z.string().max(300).default(''),
});
/** What the client sends to POST /identify/app/v1 (id_back_url may be left out). */
export type IdentifyBody = z.input<typeof identifyBody>;

export const kycDetail = z.object({
  full_name: z.string(),
  id_no: z.string(),
  mobile: z.string(),
  dob: z.string(),
  status: kycStatus,
  reason: z.string(),
  create_datetime: z.string().nullable(),
  check_time: z.string().nullable(),
  id_front_url: z.string(),
  id_back_url: z.string(),
});
export type KycDetail = z.infer<typeof kycDetail>;

export const uploadResult = z.object({ url: z.string() });

export const sessionStatus = z.object({
  valid: z.literal(true),
  kycStatus: kycStatus,
  expires_at: z.string(),
});

// ---------- Menu (spec section 2) ----------

export type MenuEntry = {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  meta: { title: string; icon: string };
  children?: MenuEntry[];
};

export const menuEntry: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    component: z.string(),
    redirect: z.string().optional(),
    meta: z.object({ title: z.string(), icon: z.string() }),
    children: z.array(menuEntry).optional(),
  }),
);
