import type { FormErrors } from '@mantine/form';
import { AMOUNT_FIELDS, APARTMENT_LIMITS, apartmentFieldsSchema } from '@planvy/shared';
import { issueMessage, type ValidationMessage } from '../../lib/zod-form';
import type { ApartmentFormValues } from './apartment-payload';

/**
 * The form's validation: the API's own schema (apartmentFieldsSchema), plus a bostad, which the
 * form requires because it is how people (and the CSV import) tell apartments apart.
 */
export const apartmentFormSchema = apartmentFieldsSchema.extend({
  bostad: apartmentFieldsSchema.shape.bostad.unwrap().min(1),
});

export type ApartmentMessage =
  | ValidationMessage
  | { key: 'notANumber' | 'negative' | 'tooLarge' | 'linkUrl' | 'webUrl'; values?: { max?: number } };

const amounts: ReadonlySet<string> = new Set(AMOUNT_FIELDS);

/** Messages per field; amounts get number wording ("must not be negative") instead of text lengths. */
export function apartmentFormErrors(
  values: ApartmentFormValues,
  translate: (message: ApartmentMessage) => string,
): FormErrors {
  const result = apartmentFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field in errors) continue;
    let message: ApartmentMessage;
    if (amounts.has(field)) {
      message =
        issue.code === 'too_small'
          ? { key: 'negative' }
          : issue.code === 'too_big'
            ? { key: 'tooLarge', values: { max: APARTMENT_LIMITS.number } }
            : { key: 'notANumber' };
    } else if (issue.code === 'custom' && (field === 'link' || field === 'info')) {
      // The shared link rule (web-links.ts): say what a link may be.
      message = { key: field === 'link' ? 'linkUrl' : 'webUrl' };
    } else {
      message = issueMessage(issue);
    }
    errors[field] = translate(message);
  }
  return errors;
}
