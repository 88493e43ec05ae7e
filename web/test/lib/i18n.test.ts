import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_MSG, ERROR_CODES, MSG } from '@atende/shared';
import ptBR from '@/locales/pt-BR.json';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import i18n, { namespaceReady, registerNamespace, translateMessage } from '@/lib/i18n';
import { TICKETS_NS } from '@/features/tickets/i18n';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/toaster';

/** The spec's texts for the shared schemas' rules, verbatim (part 1 §5, part 2 §5–§8). */
const SPEC_PT_BR: Record<string, string> = {
  [MSG.required]: 'Obrigatório',
  [MSG.tooShort]: 'Muito curto!',
  [MSG.tooLong]: 'Muito longo!',
  [MSG.invalidEmail]: 'Email inválido',
  [CONNECTION_MSG.nameRequired]: 'Campo nome é obrigatório. Algo que identifique seu número de WhatsApp.',
  [CONNECTION_MSG.transferQueueNotSelected]:
    'A fila para auto-transferência precisa está entre as filas que a conexão irá atender!',
  [CONNECTION_MSG.transferQueueRequired]: 'Informe a fila de transferência automática!',
  [CONNECTION_MSG.generateNeedsName]: 'Em nome, defina o nome da sua empresa de modo temporário!',
  [CONNECTION_MSG.accessDenied]: 'Acesso não permitido',
  [CONNECTION_MSG.facebookDisabled]:
    'O uso do Messenger/Facebook não está ativo no seu plano de assinatura, fale com depto. comercial.',
  [CONNECTION_MSG.instagramDisabled]:
    'O uso do Direct/Instagram não está ativo no seu plano de assinatura, fale com depto. comercial.',
  [CONNECTION_MSG.inDevelopment]: 'Recurso em desenvolvimento...',
};

const lookup = (bundle: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);

describe('i18n', () => {
  afterEach(async () => {
    await i18n.changeLanguage('pt-BR');
  });

  it("fetches a namespace's en/es texts only when that language is chosen (issue 28)", async () => {
    const en = vi.fn(async () => ({ default: { hello: 'Hello' } }));
    const ns = registerNamespace('lazyLanguages', {
      'pt-BR': { hello: 'Olá' },
      en,
      es: async () => ({ default: { hello: 'Hola' } }),
    });
    await namespaceReady(ns);
    expect(i18n.t('hello', { ns })).toBe('Olá');
    expect(en).not.toHaveBeenCalled();
    await i18n.changeLanguage('en');
    expect(en).toHaveBeenCalledTimes(1);
    expect(i18n.t('hello', { ns })).toBe('Hello');
    await i18n.changeLanguage('es');
    expect(i18n.t('hello', { ns })).toBe('Hola');
    // A feature's own: the tickets screen in English after a switch.
    await i18n.changeLanguage('en');
    expect(i18n.t('welcome.title', { ns: TICKETS_NS })).toBe('Select a ticket');
  });

  it('defaults to Portuguese', () => {
    expect(i18n.t('common.save')).toBe('Salvar');
  });

  it('has a text for every shared message key in every language, the spec’s own in pt-BR', () => {
    const keys = [...Object.values(MSG), ...Object.values(CONNECTION_MSG)];
    for (const key of keys) {
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
      expect(typeof lookup(es, key), `es ${key}`).toBe('string');
      expect(typeof lookup(ptBR, key), `pt-BR ${key}`).toBe('string');
    }
    for (const [key, text] of Object.entries(SPEC_PT_BR)) expect(translateMessage(key)).toBe(text);
  });

  it('translates message keys in en/es, and never shows foreign text', async () => {
    await i18n.changeLanguage('en');
    expect(translateMessage(MSG.tooShort)).toBe('Too short!');
    expect(translateMessage(MSG.invalidEmail)).toBe('Invalid e-mail');
    // zod's English default, or Portuguese from an older server: the generic text of the language.
    expect(translateMessage('Muito curto!')).toBe('Invalid value');
    await i18n.changeLanguage('es');
    expect(translateMessage(MSG.required)).toBe('Obligatorio');
    expect(translateMessage('Too small: expected number to be >=1')).toBe('Valor inválido');
  });

  it('has a text for every error code of the catalogue in every language', () => {
    for (const code of ERROR_CODES) {
      for (const [lng, bundle] of [
        ['pt-BR', ptBR],
        ['en', en],
        ['es', es],
      ] as const) {
        expect(typeof lookup(bundle, `errors.${code}`), `${lng} ${code}`).toBe('string');
      }
    }
  });

  it('shows codes and keys translated, never server text, with the spec’s fallback (part 1 §8)', async () => {
    expect(errorMessage({ code: 'ERR_NO_PERMISSION' })).toBe('Você não tem permissão para acessar este recurso.');
    expect(errorMessage(new ApiError(400, 'ERR_VALIDATION', CONNECTION_MSG.unknownQueue))).toBe('Fila não encontrada.');
    expect(errorMessage({ code: 'ERR_SOMETHING_NEW', message: 'Texto do servidor' })).toBe('Ocorreu um erro inesperado!');
    expect(errorMessage({})).toBe('Ocorreu um erro inesperado!');
    expect(errorMessage(new Error(''))).toBe('Ocorreu um erro inesperado!');
    await i18n.changeLanguage('en');
    expect(
      errorMessage(new ApiError(400, 'ERR_CONNECTION_LIMIT', 'O limite de conexões do seu plano foi atingido.')),
    ).not.toMatch(/conexões/);
    expect(errorMessage({ code: 'ERR_NO_PERMISSION' })).not.toBe('Você não tem permissão para acessar este recurso.');
    await i18n.changeLanguage('pt-BR');
    // A code whose text is a rule's text reads it from the one place (nesting), not a copy.
    expect(errorMessage({ code: 'ERR_CONNECTION_LIMIT' })).toBe(translateMessage(CONNECTION_MSG.connectionLimit));
  });

  it('translates an error code the API puts in a field (issue 30 item 19), in every language', async () => {
    expect(translateMessage('ERR_NO_PLAN')).toBe('Plano não encontrado. Escolha outro plano.');
    await i18n.changeLanguage('en');
    expect(translateMessage('ERR_CERTIFICATE')).toBe('Upload a valid .p12 certificate.');
    expect(translateMessage('ERR_SOMETHING_NEW')).toBe('Invalid value');
  });
});
