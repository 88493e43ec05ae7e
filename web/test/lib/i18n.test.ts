import { afterEach, describe, expect, it } from 'vitest';
import i18n, { translateValidation } from '@/lib/i18n';
import { errorMessage } from '@/lib/toaster';

describe('i18n', () => {
  afterEach(async () => {
    await i18n.changeLanguage('pt-BR');
  });

  it('defaults to Portuguese', () => {
    expect(i18n.t('auth.submit')).toBe('Acessar');
  });

  it('keeps the schema messages verbatim in Portuguese and translates them in en/es', async () => {
    expect(translateValidation('Muito curto!')).toBe('Muito curto!');
    await i18n.changeLanguage('en');
    expect(translateValidation('Muito curto!')).toBe('Too short!');
    expect(translateValidation('Email inválido')).toBe('Invalid e-mail');
    await i18n.changeLanguage('es');
    expect(translateValidation('Obrigatório')).toBe('Obligatorio');
  });

  it('shows error codes translated, then the raw text, then the fallback (spec part 1 §8)', () => {
    expect(errorMessage({ code: 'ERR_NO_PERMISSION' })).toBe('Você não tem permissão para acessar este recurso.');
    expect(errorMessage({ code: 'ERR_SOMETHING_NEW', message: 'Texto do servidor' })).toBe('Texto do servidor');
    expect(errorMessage({})).toBe('Ocorreu um erro inesperado!');
    expect(errorMessage(new Error(''))).toBe('Ocorreu um erro inesperado!');
  });
});
