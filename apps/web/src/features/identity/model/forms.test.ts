import { describe, expect, it } from 'vitest';
import {
  changePasswordForm,
  forgotResetForm,
  forgotVerifyForm,
  kycBaseForm,
  kycIdForm,
  registerForm,
  signInForm,
  verifyPasswordForm,
} from '@imali/contract';
import type { StandardSchemaV1 } from '@imali/contract';

/** The messages a form would show, by field (any Standard Schema: zod, zod/mini or hand-written). */
function validate(schema: StandardSchemaV1, value: unknown): StandardSchemaV1.Result<unknown> {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('form schemas validate synchronously');
  return result;
}

function messages(schema: StandardSchemaV1, value: unknown): Record<string, string> {
  const result = validate(schema, value);
  if (!result.issues) return {};
  const out: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('sign-in form (spec section 5)', () => {
  it('requires email (the mobile) and password; remember defaults to false', () => {
    expect(messages(signInForm, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validate(signInForm, { email: '612345678', password: 'x' })).toEqual({
      value: { email: '612345678', password: 'x', remember: false },
    });
  });
});

describe('registration form', () => {
  const valid = {
    mobile: '712345678',
    password: 'secret1',
    confirmPassword: 'secret1',
    invitationCode: 'WELCOME',
  };
  it('accepts a valid registration', () => {
    expect(messages(registerForm, valid)).toEqual({});
  });
  it('shows the spec messages', () => {
    expect(
      messages(registerForm, { mobile: '', password: '', confirmPassword: '', invitationCode: '' }),
    ).toMatchObject({
      mobile: 'Mobile number is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm password',
      invitationCode: 'Invitation code is required',
    });
    expect(messages(registerForm, { ...valid, mobile: '512345678' }).mobile).toBe(
      'Must be 9 digits starting with 6, 7 or 8',
    );
    expect(messages(registerForm, { ...valid, mobile: '61234567' }).mobile).toBe(
      'Must be 9 digits starting with 6, 7 or 8',
    );
    expect(messages(registerForm, { ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(
      'Minimum 6 characters',
    );
    expect(messages(registerForm, { ...valid, confirmPassword: 'other12' }).confirmPassword).toBe(
      'Passwords must match',
    );
  });
});

describe('password reset forms', () => {
  it('step 1 needs mobile and code', () => {
    expect(Object.keys(messages(forgotVerifyForm, { mobile: '', code: '' }))).toEqual(['mobile', 'code']);
  });
  it('step 2 wording', () => {
    expect(messages(forgotResetForm, { password: '123', confirmPassword: '' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Confirm your password',
    });
    expect(messages(forgotResetForm, { password: '123456', confirmPassword: '654321' })).toEqual({
      confirmPassword: 'Passwords must match',
    });
  });
});

describe('PIN and password change', () => {
  it("create-PIN password: 'Password is required'", () => {
    expect(messages(verifyPasswordForm, { password: '' })).toEqual({ password: 'Password is required' });
  });
  it('change password wording', () => {
    expect(messages(changePasswordForm, { current: '', next: '', confirm: '' })).toEqual({
      current: 'Current password is required',
      next: 'New password is required',
      confirm: 'Please confirm your password',
    });
    expect(messages(changePasswordForm, { current: 'a', next: '12345', confirm: '12345' }).next).toBe(
      'Password must be at least 6 characters',
    );
    expect(messages(changePasswordForm, { current: 'a', next: '123456', confirm: '123457' })).toEqual({
      confirm: 'Passwords must match',
    });
  });
});

describe('KYC forms', () => {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  it('basic info wording and the 18+ rule', () => {
    expect(messages(kycBaseForm, { full_name: '', mobile: '123', dob: '' })).toEqual({
      full_name: 'Full name is required.',
      mobile: 'Phone number must be 9 digits.',
      dob: 'Date of birth is required.',
    });
    expect(messages(kycBaseForm, { full_name: 'A', mobile: '612345678', dob: '1990-13-01' }).dob).toBe(
      'Invalid date format.',
    );
    expect(messages(kycBaseForm, { full_name: 'A', mobile: '612345678', dob: '1899-12-31' }).dob).toBe(
      'Invalid date format.',
    );
    const now = new Date();
    const seventeen = new Date(Date.UTC(now.getUTCFullYear() - 17, now.getUTCMonth(), now.getUTCDate()));
    expect(messages(kycBaseForm, { full_name: 'A', mobile: '612345678', dob: iso(seventeen) }).dob).toBe(
      'You must be at least 18 years old.',
    );
    const eighteen = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
    expect(messages(kycBaseForm, { full_name: 'A', mobile: '612345678', dob: iso(eighteen) })).toEqual({});
    expect(messages(kycBaseForm, { full_name: 'A', mobile: '612345678901234', dob: '1990-01-01' })).toEqual(
      {},
    );
  });
  it('ID needs a number and a front image; the back is optional', () => {
    expect(Object.keys(messages(kycIdForm, { id_no: '', id_front_url: '' }))).toEqual([
      'id_no',
      'id_front_url',
    ]);
    expect(messages(kycIdForm, { id_no: '900101', id_front_url: '/api/files/x' })).toEqual({});
  });
});
