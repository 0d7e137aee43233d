import type { StandardSchemaV1 } from './standard-schema';

// ---------- The sign-in form (spec section 5), wording verbatim ----------

export interface SignInValues {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * The sign-in form, checked without a schema library: it is all the sign-in page validates before
 * its first paint, and a schema library's code would be most of that page's own (decision 0039).
 * A Standard Schema (https://standardschema.dev), as every zod schema also is, so the form and the
 * tests treat it like the others: email trimmed and required, password required, remember
 * defaulting to false.
 */
export const signInForm: StandardSchemaV1<SignInValues> = {
  '~standard': {
    version: 1,
    vendor: 'imali',
    validate(input) {
      const value = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
      const email = typeof value.email === 'string' ? value.email.trim() : '';
      const password = typeof value.password === 'string' ? value.password : '';
      const issues: StandardSchemaV1.Issue[] = [];
      if (email.length < 1) issues.push({ path: ['email'], message: 'Email is required' });
      if (password.length < 1) issues.push({ path: ['password'], message: 'Password is required' });
      if (value.remember !== undefined && typeof value.remember !== 'boolean') {
        issues.push({ path: ['remember'], message: 'Invalid input' });
      }
      if (issues.length > 0) return { issues };
      return { value: { email, password, remember: value.remember === true } };
    },
  },
};
