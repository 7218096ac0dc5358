import { useTranslation } from 'react-i18next';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * Runs the shared zod schemas (the ones the API validates with) inside @mantine/form and turns
 * zod's English issues into translated messages, chosen by issue code rather than by message text.
 */

type Issue = z.core.$ZodIssue;

export type ValidationKey = 'required' | 'tooShort' | 'tooLong' | 'email' | 'passwordMismatch' | 'invalid';

export interface ValidationMessage {
  key: ValidationKey;
  values?: { min?: number; max?: number };
}

export interface ZodFormOptions {
  /** Message for a `.refine()` failure on a field, e.g. `{ password_confirm: 'passwordMismatch' }`. */
  custom?: Partial<Record<string, ValidationKey>>;
}

const INFORMATIVE: ReadonlySet<Issue['code']> = new Set(['too_small', 'too_big', 'invalid_format', 'custom']);

export function issueMessage(issue: Issue, options: ZodFormOptions = {}): ValidationMessage {
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string' && min <= 1) return { key: 'required' };
      return { key: 'tooShort', values: { min } };
    }
    case 'too_big':
      return { key: 'tooLong', values: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'email' : 'invalid' };
    case 'custom':
      return { key: options.custom?.[issue.path.join('.')] ?? 'invalid' };
    case 'invalid_union': {
      // e.g. password: '' | min(6): the branch that says "too short" is the useful one.
      const nested = issue.errors.flat().find((i) => INFORMATIVE.has(i.code));
      return nested ? issueMessage({ ...nested, path: issue.path }, options) : { key: 'invalid' };
    }
    default:
      return { key: 'invalid' };
  }
}

/** The first issue per field, as @mantine/form errors keyed by dotted path. */
export function zodFormErrors(
  schema: z.ZodType,
  values: unknown,
  translate: (message: ValidationMessage) => string,
  options: ZodFormOptions = {},
): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (path in errors) continue;
    errors[path] = translate(issueMessage(issue, options));
  }
  return errors;
}

/** A `validate` function for `useForm`; useForm reads it on every render, so messages follow the language. */
export function useZodValidator<Values>(
  schema: z.ZodType,
  options: ZodFormOptions = {},
): (values: Values) => FormErrors {
  const { t } = useTranslation();
  const translate = (message: ValidationMessage) => t(`validation.${message.key}`, message.values ?? {});
  return (values: Values) => zodFormErrors(schema, values, translate, options);
}
