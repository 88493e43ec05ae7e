import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_MSG, MESSAGE_MSG, SCHEDULE_MSG, TICKET_MSG, TICKET_NOTE_MSG } from '@atende/shared';
import en from '@/features/tickets/locales/en.json';
import es from '@/features/tickets/locales/es.json';
import ptBR from '@/features/tickets/locales/pt-BR.json';
import '@/features/tickets/i18n';
import i18n, { isMessageKey, translateMessage } from '@/lib/i18n';
import wsEn from '@/locales/workspace/en.json';
import wsEs from '@/locales/workspace/es.json';
import wsPtBR from '@/locales/workspace/pt-BR.json';

const keysOf = (bundle: object, prefix = ''): string[] =>
  Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

/** The spec's texts (part 1 §4, §5, §8), verbatim: the pt-BR of the shared message keys. */
const SPEC_PT_BR: Record<string, string> = {
  [TICKET_MSG.selectQueue]: 'Selecione uma fila',
  [TICKET_MSG.accessDenied]: 'Acesso não permitido',
  [TICKET_MSG.deleted]: 'Ticket deleted sucessfully.',
  [TICKET_MSG.done]: 'Operação realizada com sucesso.',
  [TICKET_NOTE_MSG.added]: 'Informação adicionada com sucesso!',
  [TICKET_NOTE_MSG.deleted]: 'Informação excluída com sucesso!',
  [MESSAGE_MSG.blockedType]: 'Tipo de arquivo não permitido...',
  [MESSAGE_MSG.tooLarge]: 'O tamanho do arquivo excede 5 MB...',
  [SCHEDULE_MSG.bodyTooShort]: 'Mensagem muito curta',
};
const ALL_KEYS = [
  ...Object.values(TICKET_MSG),
  ...Object.values(TICKET_NOTE_MSG),
  ...Object.values(CONTACT_MSG),
  ...Object.values(MESSAGE_MSG),
  ...Object.values(SCHEDULE_MSG),
];

describe('workspace texts', () => {
  afterEach(async () => {
    await i18n.changeLanguage('pt-BR');
  });

  it('has every Portuguese key in English and Spanish, and nothing else', () => {
    const pt = keysOf(ptBR).sort();
    expect(keysOf(en).sort()).toEqual(pt);
    expect(keysOf(es).sort()).toEqual(pt);
    const ws = keysOf(wsPtBR).sort();
    expect(keysOf(wsEn).sort()).toEqual(ws);
    expect(keysOf(wsEs).sort()).toEqual(ws);
  });

  it('the shared schemas send message keys, never Portuguese text', () => {
    for (const key of ALL_KEYS) expect(key).toMatch(/^validation\.([a-z]+\.)?[A-Za-z]+$/);
  });

  it("keeps the spec's Portuguese texts verbatim (spec part 1 §2, §4, §5, §8)", () => {
    expect(ptBR.mobileTabs).toMatchObject({ ticket: 'Ticket', tickets: 'Atendimentos' });
    expect(ptBR.status).toEqual({ pending: 'Aguardando', open: 'Atendendo', closed: 'Finalizado' });
    expect(ptBR.list.yesterday).toBe('Ontem');
    for (const [key, text] of Object.entries(SPEC_PT_BR)) expect(translateMessage(key)).toBe(text);
    expect(ptBR.newTicket.selectQueue).toBe(SPEC_PT_BR[TICKET_MSG.selectQueue]);
    expect(ptBR.actions.accessDenied).toBe(SPEC_PT_BR[TICKET_MSG.accessDenied]);
    expect(ptBR.actions.ticketDeletedLive).toBe(SPEC_PT_BR[TICKET_MSG.deleted]);
    expect(ptBR.actions.deleted).toBe(SPEC_PT_BR[TICKET_MSG.done]);
    expect(ptBR.drawer.noteAdded).toBe(SPEC_PT_BR[TICKET_NOTE_MSG.added]);
    expect(ptBR.drawer.noteDeleted).toBe(SPEC_PT_BR[TICKET_NOTE_MSG.deleted]);
    expect(ptBR.attachments.blocked).toBe(SPEC_PT_BR[MESSAGE_MSG.blockedType]);
    expect(ptBR.attachments.tooLarge).toBe(SPEC_PT_BR[MESSAGE_MSG.tooLarge]);
  });

  it('translates every workspace message key in en and es, also after the shell bundle loads', async () => {
    for (const lng of ['en', 'es'] as const) {
      await i18n.changeLanguage(lng);
      for (const key of ALL_KEYS) {
        expect(isMessageKey(key), `${lng}: ${key}`).toBe(true);
        const text = translateMessage(key)!;
        expect(text).not.toBe(key);
      }
    }
    await i18n.changeLanguage('en');
    expect(translateMessage(TICKET_MSG.selectQueue)).toBe('Select a queue');
    expect(translateMessage(SCHEDULE_MSG.bodyTooShort)).toBe('Message too short');
    await i18n.changeLanguage('es');
    expect(translateMessage(MESSAGE_MSG.tooMany)).toBe('Máximo de 3 archivos.');
  });
});
