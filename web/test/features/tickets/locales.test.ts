import { describe, expect, it } from 'vitest';
import { MESSAGE_MSG, TICKET_MSG, TICKET_NOTE_MSG } from '@atende/shared';
import en from '@/features/tickets/locales/en.json';
import es from '@/features/tickets/locales/es.json';
import ptBR from '@/features/tickets/locales/pt-BR.json';

const keysOf = (bundle: object, prefix = ''): string[] =>
  Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('workspace texts', () => {
  it('has every Portuguese key in English and Spanish, and nothing else', () => {
    const pt = keysOf(ptBR).sort();
    expect(keysOf(en).sort()).toEqual(pt);
    expect(keysOf(es).sort()).toEqual(pt);
  });

  it("keeps the spec's Portuguese texts verbatim (spec part 1 §2, §4, §5, §8)", () => {
    expect(ptBR.mobileTabs).toMatchObject({ ticket: 'Ticket', tickets: 'Atendimentos' });
    expect(ptBR.status).toEqual({ pending: 'Aguardando', open: 'Atendendo', closed: 'Finalizado' });
    expect(ptBR.list.yesterday).toBe('Ontem');
    expect(ptBR.newTicket.selectQueue).toBe(TICKET_MSG.selectQueue);
    expect(ptBR.actions.accessDenied).toBe(TICKET_MSG.accessDenied);
    expect(ptBR.actions.ticketDeletedLive).toBe(TICKET_MSG.deleted);
    expect(ptBR.actions.deleted).toBe(TICKET_MSG.done);
    expect(ptBR.drawer.noteAdded).toBe(TICKET_NOTE_MSG.added);
    expect(ptBR.drawer.noteDeleted).toBe(TICKET_NOTE_MSG.deleted);
    expect(ptBR.attachments.blocked).toBe(MESSAGE_MSG.blockedType);
    expect(ptBR.attachments.tooLarge).toBe(MESSAGE_MSG.tooLarge);
  });
});
