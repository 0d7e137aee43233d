import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { StandardSchemaV1 } from '@imali/contract';

/**
 * A react-hook-form resolver for any Standard Schema (https://standardschema.dev): the contract's
 * library-free sign-in form, or a zod schema. Flat forms only (an issue's path is the field name),
 * and the first message per field wins, as zodResolver shows it. It exists so the sign-in page
 * needs neither a schema library nor a resolver package for its one form (decision 0039).
 */
export function standardResolver<TValues extends FieldValues>(
  schema: StandardSchemaV1<TValues>,
): Resolver<TValues> {
  return async (values) => {
    const result = await schema['~standard'].validate(values);
    if (!result.issues) return { values: result.value, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.issues) {
      const name =
        (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || 'root';
      errors[name] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
