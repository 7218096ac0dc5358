import { describe, expect, it } from 'vitest';
import type { Apartment } from '@planvy/shared';
import { canEditApartmentField } from '@planvy/shared';
import { createPayload, formFieldOf, initialFormValues, updatePayload } from './apartment-payload';

/** The field rules of the policy table, for an admin and for a client. */
const admin = (field: string) => canEditApartmentField({ id: 1, role: 'admin', impersonating: false }, field);
const client = (field: string) =>
  canEditApartmentField({ id: 2, role: 'client', impersonating: false }, field);
import { apartmentFormErrors, apartmentFormSchema } from './apartment-validation';
import { importReason } from './import-reasons';

const stored: Apartment = {
  id: 7,
  project_id: 1,
  building_number_id: 3,
  bostad: '1101',
  rooms: '3 rok',
  floor: '2',
  square: 72.5,
  price: 2500000,
  fee: 4100,
  garden_size: null,
  status: 'sale',
  inactive: '0',
  link: '',
  file_name: 'plan.svg',
  description: '',
  info: '[{"url":"https://example.com/a.pdf"}]',
  statistic_count: 0,
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
};

describe('apartment form values', () => {
  it('starts from the apartment, with amounts written the Swedish way', () => {
    const values = initialFormValues(stored, {}, 'sale', 'sv');
    expect(values).toMatchObject({
      status: 'sale',
      building_number_id: '3',
      square: '72,5',
      price: '2\u00a0500\u00a0000',
      garden_size: '',
      inactive: false,
      info: [{ url: 'https://example.com/a.pdf' }],
    });
    expect(initialFormValues(stored, {}, 'sale', 'en').square).toBe('72.5');
  });

  it('starts a new apartment from the defaults and the first status of the project type', () => {
    const values = initialFormValues(undefined, { file_name: 'plan.svg', bostad: 'X1' }, 'rental', 'sv');
    expect(values.bostad).toBe('X1');
    expect(values.status).toBe('sale');
  });

  it('sends only what changed on update, in transit form', () => {
    const values = initialFormValues(stored, {}, 'sale', 'sv');
    expect(updatePayload(values, stored, admin)).toEqual({});
    const edited = {
      ...values,
      price: '2 600 000',
      inactive: true,
      status: 'sold',
      info: [...values.info, { url: 'https://example.com/b.pdf' }],
    };
    expect(updatePayload(edited, stored, admin)).toEqual({
      price: 2600000,
      inactive: '1',
      status: 'sold',
      info: '[{"url":"https://example.com/a.pdf"},{"url":"https://example.com/b.pdf"}]',
    });
  });

  it('never sends building numbers or zones for a non-admin', () => {
    const values = { ...initialFormValues(stored, {}, 'sale', 'sv'), building_number_id: '' };
    expect(updatePayload(values, stored, admin)).toEqual({ building_number_id: null });
    expect(updatePayload(values, stored, client)).toEqual({});
    const created = createPayload(values, { file_name: 'plan.svg' }, client);
    expect(created).not.toHaveProperty('building_number_id');
    expect(created).not.toHaveProperty('file_name');
    expect(createPayload(values, { file_name: 'plan.svg' }, admin)).toMatchObject({
      file_name: 'plan.svg',
      building_number_id: null,
      bostad: '1101',
      info: '[{"url":"https://example.com/a.pdf"}]',
    });
  });

  it('validates with the shared schema, with number wording for amounts and a required bostad', () => {
    const values = { ...initialFormValues(undefined, {}, 'sale', 'sv'), price: '-1', fee: 'abc' };
    const errors = apartmentFormErrors(values, (m) => m.key);
    expect(errors).toEqual({ bostad: 'required', price: 'negative', fee: 'notANumber' });
  });

  it('reads a price as people type it: space-grouped, with "kr"', () => {
    const base = initialFormValues(undefined, {}, 'sale', 'sv');
    for (const [price, fee, square] of [
      ['1 234 000 kr', '3 500 kr/mån', '72,5 m²'],
      ['1\u00a0234\u00a0000 SEK', '3500:-', '72.5 kvm'],
    ] as const) {
      const values = { ...base, bostad: '1', price, fee, square };
      expect(apartmentFormErrors(values, (m) => m.key)).toEqual({});
      expect(apartmentFormSchema.parse(values)).toMatchObject({ price: 1234000, fee: 3500, square: 72.5 });
    }
    // A unit alone, or one inside the number, is still not a number.
    expect(apartmentFormErrors({ ...base, bostad: '1', price: 'kr' }, (m) => m.key)).toEqual({
      price: 'notANumber',
    });
    expect(apartmentFormErrors({ ...base, bostad: '1', price: '12 kr 5' }, (m) => m.key)).toEqual({
      price: 'notANumber',
    });
  });

  it('maps server error fields onto form fields', () => {
    expect(formFieldOf('info.0.url')).toBe('info');
    expect(formFieldOf('building_number_id')).toBe('building_number_id');
    expect(formFieldOf('project_id')).toBeUndefined();
  });
});

describe('importReason', () => {
  it('recognises the server reasons it can translate and passes others through', () => {
    expect(importReason('Must not be negative')).toEqual({ key: 'negative' });
    expect(importReason('Unknown status "Okänd" for a sale project')).toEqual({
      key: 'unknownStatus',
      values: { status: 'Okänd' },
    });
    expect(importReason('No building number "Z" in this project')).toEqual({
      key: 'unknownBuilding',
      values: { label: 'Z' },
    });
    expect(importReason('Something else')).toEqual({ key: null, text: 'Something else' });
  });
});
