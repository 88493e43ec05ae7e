import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { apiFieldErrors, showSaveError } from '@/lib/form-errors';
import { notify } from '@/lib/toaster';

const refused = (fields?: Record<string, string>) => new ApiError(400, 'ERR_VALIDATION', undefined, fields);

describe('form errors from a refused save', () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers the API's messages for the form's own fields only, in the form's order", () => {
    const error = refused({ email: 'validation.invalidEmail', other: 'x', name: 'validation.tooShort' });
    expect(apiFieldErrors(error, ['name', 'number', 'email'])).toEqual([
      ['name', 'validation.tooShort'],
      ['email', 'validation.invalidEmail'],
    ]);
    expect(apiFieldErrors(refused(), ['name'])).toEqual([]);
    expect(apiFieldErrors(new Error('network'), ['name'])).toEqual([]);
  });

  it('puts field messages under their fields and nothing in a toast', () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => '');
    const setError = vi.fn();
    showSaveError(refused({ name: 'validation.tooShort' }), ['name'], setError);
    expect(setError).toHaveBeenCalledWith('name', { message: 'validation.tooShort' });
    expect(toast).not.toHaveBeenCalled();
  });

  it("toasts an error that names none of the form's fields", () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => '');
    const setError = vi.fn();
    const error = refused({ file: 'validation.tooLong' });
    showSaveError(error, ['name'], setError);
    expect(setError).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(error);
  });
});
