import { describe, expect, it } from 'vitest';
import { loginBodySchema, userCreateFormSchema, userUpdateSchema } from '@planvy/shared';
import { zodFormErrors, type ValidationMessage } from './zod-form';

const translate = (m: ValidationMessage) => (m.values ? `${m.key}:${JSON.stringify(m.values)}` : m.key);
const custom = { custom: { password_confirm: 'passwordMismatch' as const } };

const validUser = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  role: 'client',
  password: 'secret1',
  password_confirm: 'secret1',
};

describe('zodFormErrors', () => {
  it('returns no errors for valid values', () => {
    expect(zodFormErrors(userCreateFormSchema, validUser, translate, custom)).toEqual({});
  });

  it('maps each issue code to a message key, one per field', () => {
    const errors = zodFormErrors(
      userCreateFormSchema,
      { ...validUser, first_name: '  ', email: 'not-an-email', password: 'abc', password_confirm: 'abd' },
      translate,
      custom,
    );
    expect(errors).toEqual({
      first_name: 'required',
      email: 'email',
      password: 'tooShort:{"min":6}',
      password_confirm: 'passwordMismatch',
    });
  });

  it('reports an empty e-mail as required and a long one as too long', () => {
    expect(zodFormErrors(userCreateFormSchema, { ...validUser, email: '' }, translate).email).toBe(
      'required',
    );
    const long = `${'a'.repeat(95)}@example.com`;
    expect(zodFormErrors(loginBodySchema, { email: long, password: 'x' }, translate).email).toBe(
      'tooLong:{"max":100}',
    );
  });

  it('explains a too-short password inside a union (edit form: empty or min 6)', () => {
    const errors = zodFormErrors(
      userUpdateSchema,
      { ...validUser, password: 'abc', password_confirm: 'abc' },
      translate,
      custom,
    );
    expect(errors.password).toBe('tooShort:{"min":6}');
    expect(
      zodFormErrors(userUpdateSchema, { ...validUser, password: '', password_confirm: '' }, translate),
    ).toEqual({});
  });

  it('falls back to a generic message for unmapped refinements', () => {
    expect(
      zodFormErrors(userCreateFormSchema, { ...validUser, password_confirm: 'other1' }, translate)
        .password_confirm,
    ).toBe('invalid');
  });

  it('holds an empty confirmation in the form to the password (the API takes it as none given)', () => {
    expect(
      zodFormErrors(userCreateFormSchema, { ...validUser, password_confirm: '' }, translate, custom)
        .password_confirm,
    ).toBe('passwordMismatch');
  });
});
