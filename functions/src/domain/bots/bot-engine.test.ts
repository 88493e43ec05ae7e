import { describe, expect, it } from 'vitest';
import { MENU_REPEAT_PAUSE_MS, decideInbound, decideOnResolve, decideRatingAnswer } from './bot-engine';
import { DEFAULT_COMPANY_HOURS, isWithinBusinessHours } from './business-hours';
import type { BotConnection, BotContext, BotQueue, BotTicket } from './bot-types';
import { renderTemplate } from './message-template';

const sales: BotQueue = {
  id: 'q-sales',
  name: 'Vendas',
  greetingMessage: 'Vendas aqui, {{name}}!',
  options: [
    {
      id: 'o-new',
      title: 'Novos pedidos',
      message: 'Escolha o produto:',
      option: 1,
      children: [{ id: 'o-phone', title: 'Celulares', message: 'Um atendente já vem.', option: 1, children: [] }],
    },
    { id: 'o-track', title: 'Rastrear', message: 'Informe o pedido.', option: 2, children: [] },
  ],
};
const support: BotQueue = { id: 'q-support', name: 'Suporte', greetingMessage: 'Suporte.', options: [] };

const connection: BotConnection = {
  greetingMessage: 'Olá {{name}}! Escolha um setor:',
  complationMessage: 'Obrigado, {{name}}!',
  outOfHoursMessage: 'Estamos fechados.',
  ratingMessage: 'Avalie o atendimento:',
  queues: [sales, support],
};
const pending: BotTicket = {
  id: 'T1',
  status: 'pending',
  queueId: null,
  userId: null,
  chatbot: false,
  botPath: [],
  awaitingRating: false,
  createdAt: '2026-11-25T14:58:07.123Z',
};
// Wednesday 2026-11-25 15:00 UTC = 12:00 in São Paulo (UTC−3): open on the default hours.
const WEDNESDAY_NOON_SP = new Date('2026-11-25T15:00:00Z');
/** Every decision of the menu notes when it heard the customer. */
const HEARD = { menuHeardAt: WEDNESDAY_NOON_SP.toISOString() };

const ctx = (over: Partial<BotContext> = {}): BotContext => ({
  connection,
  ticket: pending,
  contactName: 'Ana',
  text: 'oi',
  at: WEDNESDAY_NOON_SP,
  isNewTicket: true,
  settings: { timeZone: 'America/Sao_Paulo', scheduleType: 'disabled', userRating: false },
  ...over,
});

describe('queue menu', () => {
  it('greets a new customer with the numbered queues and waits for a choice', () => {
    const d = decideInbound(ctx());
    expect(d.replies).toEqual(['Olá Ana! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte']);
    expect(d.changes).toEqual({ chatbot: true, botPath: [], ...HEARD });
  });

  it('puts the ticket in the chosen queue and shows its greeting and options', () => {
    const d = decideInbound(ctx({ text: ' 1 ', isNewTicket: false, ticket: { ...pending, chatbot: true } }));
    expect(d.changes).toEqual({ queueId: 'q-sales', chatbot: true, botPath: [], ...HEARD });
    expect(d.replies[0]).toBe('Vendas aqui, Ana!\n\n*1* - Novos pedidos\n*2* - Rastrear\n*#* - Menu inicial');
  });

  it('repeats the menu for an answer that is not a queue number', () => {
    const d = decideInbound(ctx({ text: '7', isNewTicket: false }));
    expect(d.changes.queueId).toBeUndefined();
    expect(d.replies[0]).toContain('*2* - Suporte');
  });

  it('enters the only queue directly and hands over when it has no options', () => {
    const d = decideInbound(ctx({ connection: { ...connection, queues: [support] } }));
    expect(d).toEqual({ replies: ['Suporte.'], changes: { queueId: 'q-support', chatbot: false, botPath: [], ...HEARD } });
  });

  it('greets a new ticket created in the connection’s only queue, with its options, once', () => {
    const only = { ...connection, queues: [sales] };
    const born = { ...pending, queueId: 'q-sales' };
    const d = decideInbound(ctx({ connection: only, ticket: born }));
    expect(d).toEqual({
      replies: ['Vendas aqui, Ana!\n\n*1* - Novos pedidos\n*2* - Rastrear\n*#* - Menu inicial'],
      changes: { queueId: 'q-sales', chatbot: true, botPath: [], ...HEARD },
    });
    // Its next messages are no longer the new ticket's: no second greeting.
    expect(decideInbound(ctx({ connection: only, ticket: born, isNewTicket: false })).replies).toEqual([]);
  });

  it('stays silent once a person has the ticket', () => {
    expect(decideInbound(ctx({ ticket: { ...pending, status: 'open', userId: 'u1' } })).replies).toEqual([]);
  });
});

describe('option tree', () => {
  const inSales = { ...pending, queueId: 'q-sales', chatbot: true };

  it('goes down with a number, back with 0, and to the main menu with #', () => {
    const down = decideInbound(ctx({ ticket: inSales, text: '1', isNewTicket: false }));
    expect(down.changes).toEqual({ botPath: ['o-new'], chatbot: true, ...HEARD });
    expect(down.replies[0]).toBe('Escolha o produto:\n\n*1* - Celulares\n*0* - Voltar\n*#* - Menu inicial');

    const back = decideInbound(ctx({ ticket: { ...inSales, botPath: ['o-new'] }, text: '0', isNewTicket: false }));
    expect(back.changes).toEqual({ botPath: [], ...HEARD });
    expect(back.replies[0]).toBe('*1* - Novos pedidos\n*2* - Rastrear\n*#* - Menu inicial');

    const main = decideInbound(ctx({ ticket: { ...inSales, botPath: ['o-new'] }, text: '#', isNewTicket: false }));
    expect(main.changes).toEqual({ queueId: null, chatbot: true, botPath: [], ...HEARD });
    expect(main.replies[0]).toContain('*1* - Vendas');
  });

  it('starts a reopened ticket over in its queue: greeting and the options from the top', () => {
    const closedInMenu = { ...inSales, botPath: ['o-new'], menuHeardAt: WEDNESDAY_NOON_SP.toISOString() };
    const d = decideInbound(ctx({ ticket: closedInMenu, text: 'oi de novo', isNewTicket: true }));
    expect(d).toEqual({
      replies: ['Vendas aqui, Ana!\n\n*1* - Novos pedidos\n*2* - Rastrear\n*#* - Menu inicial'],
      changes: { queueId: 'q-sales', chatbot: true, botPath: [], ...HEARD },
    });
  });

  it('hands a leaf over to a person', () => {
    const d = decideInbound(ctx({ ticket: { ...inSales, botPath: ['o-new'] }, text: '1', isNewTicket: false }));
    expect(d).toEqual({
      replies: ['Um atendente já vem.'],
      changes: { botPath: ['o-new', 'o-phone'], chatbot: false, ...HEARD },
    });
  });
});

describe('a burst of messages', () => {
  const later = (ms: number) => new Date(WEDNESDAY_NOON_SP.getTime() + ms);
  const inMenu = { ...pending, chatbot: true, menuHeardAt: WEDNESDAY_NOON_SP.toISOString() };

  it('gets the menu once while the customer keeps typing, and again after a pause', () => {
    const typing = decideInbound(ctx({ ticket: inMenu, text: 'alguém aí?', isNewTicket: false, at: later(2_999) }));
    expect(typing).toEqual({ replies: [], changes: { menuHeardAt: later(2_999).toISOString() } });

    const paused = decideInbound(ctx({ ticket: inMenu, text: '7', isNewTicket: false, at: later(MENU_REPEAT_PAUSE_MS) }));
    expect(paused.replies[0]).toContain('*2* - Suporte');
    expect(paused.changes.menuHeardAt).toBe(later(MENU_REPEAT_PAUSE_MS).toISOString());
  });

  it('never holds back a choice, the greeting of a new ticket, or a redelivered first message', () => {
    const pick = decideInbound(ctx({ ticket: inMenu, text: '2', isNewTicket: false, at: later(100) }));
    expect(pick.changes.queueId).toBe('q-support');
    expect(decideInbound(ctx({ ticket: inMenu, at: later(100) })).replies).toHaveLength(1);
    // The first run sent the menu and noted the message; its redelivery sends nothing (the outbox would drop it anyway).
    expect(decideInbound(ctx({ ticket: inMenu, isNewTicket: false })).replies).toEqual([]);
  });

  it('moves nothing for a message older than the last one the menu handled (a redelivery overtaken)', () => {
    const answered = {
      ...inMenu,
      queueId: 'q-sales',
      botPath: ['o-track'],
      chatbot: false,
      menuHeardAt: later(4_000).toISOString(),
    };
    // the first message again, as for a new ticket: it would greet and reset the menu
    expect(decideInbound(ctx({ ticket: answered, at: later(0) }))).toEqual({ replies: [], changes: {} });
    expect(decideInbound(ctx({ ticket: answered, at: later(4_000) })).replies).toHaveLength(1);
  });

  it('holds back a wrong option typed inside the burst, and repeats the options after a pause', () => {
    const inSales = { ...inMenu, queueId: 'q-sales', botPath: ['o-new'] };
    expect(decideInbound(ctx({ ticket: inSales, text: '9', isNewTicket: false, at: later(500) })).replies).toEqual([]);
    const again = decideInbound(ctx({ ticket: inSales, text: '9', isNewTicket: false, at: later(60_000) }));
    expect(again.replies).toEqual(['*1* - Celulares\n*0* - Voltar\n*#* - Menu inicial']);
  });
});

describe('business hours in the company time zone', () => {
  it('judges the wall clock of the company, not of the server', () => {
    // 20:30 UTC on a Wednesday: 17:30 in São Paulo (open until 18:00), 05:30 Thursday in Tokyo (closed).
    const at = new Date('2026-11-25T20:30:00Z');
    expect(isWithinBusinessHours(DEFAULT_COMPANY_HOURS, at, 'America/Sao_Paulo')).toBe(true);
    expect(isWithinBusinessHours(DEFAULT_COMPANY_HOURS, at, 'Asia/Tokyo')).toBe(false);
    // 21:30 UTC: 18:30 in São Paulo, closed.
    expect(isWithinBusinessHours(DEFAULT_COMPANY_HOURS, new Date('2026-11-25T21:30:00Z'), 'America/Sao_Paulo')).toBe(false);
  });

  it('treats a day whose end is not after its start as closed, and no schedule as always open', () => {
    const sunday = new Date('2026-11-29T15:00:00Z');
    expect(isWithinBusinessHours(DEFAULT_COMPANY_HOURS, sunday, 'America/Sao_Paulo')).toBe(false);
    expect(isWithinBusinessHours([], sunday, 'America/Sao_Paulo')).toBe(true);
  });

  it('answers out of company hours once, on the new ticket, and shows no menu', () => {
    const settings = {
      timeZone: 'America/Sao_Paulo',
      scheduleType: 'company' as const,
      companyHours: [...DEFAULT_COMPANY_HOURS],
      userRating: false,
    };
    const night = new Date('2026-11-25T23:00:00Z'); // 20:00 local
    expect(decideInbound(ctx({ settings, at: night }))).toEqual({ replies: ['Estamos fechados.'], changes: {} });
    expect(decideInbound(ctx({ settings, at: night, isNewTicket: false })).replies).toEqual([]);
    expect(decideInbound(ctx({ settings })).replies[0]).toContain('*1* - Vendas');
  });

  it('uses the queue hours when scheduleType is queue', () => {
    const closedQueue: BotQueue = {
      ...support,
      outOfHoursMessage: 'Suporte fechado.',
      schedules: [{ weekdayEn: 'wednesday', startTime: '13:00', endTime: '14:00' }],
    };
    const settings = { timeZone: 'America/Sao_Paulo', scheduleType: 'queue' as const, userRating: false };
    const d = decideInbound(ctx({ settings, connection: { ...connection, queues: [closedQueue] } }));
    expect(d).toEqual({
      replies: ['Suporte fechado.'],
      changes: { queueId: 'q-support', chatbot: false, botPath: [], ...HEARD },
    });
  });
});

describe('rating and completion', () => {
  const settings = { timeZone: 'America/Sao_Paulo', scheduleType: 'disabled' as const, userRating: true };
  const closed: BotTicket = { ...pending, status: 'closed', userId: 'u1', queueId: 'q-sales' };

  it('asks for a rating on resolve when userRating is on, else sends the completion message', () => {
    expect(decideOnResolve({ ...ctx(), ticket: closed, settings })).toEqual({
      replies: ['Avalie o atendimento:\n\n*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito'],
      changes: { awaitingRating: true },
    });
    expect(decideOnResolve({ ...ctx(), ticket: closed }).replies).toEqual(['Obrigado, Ana!']);
  });

  it('records 1 to 3 and thanks; anything else ends the wait and is handled as a new conversation', () => {
    const waiting = { ...closed, awaitingRating: true };
    expect(decideRatingAnswer({ ...ctx(), ticket: waiting, settings, text: '3' })).toEqual({
      replies: ['Obrigado, Ana!'],
      changes: { awaitingRating: false },
      rating: 3,
      handled: true,
    });
    expect(decideRatingAnswer({ ...ctx(), ticket: waiting, settings, text: 'quero outra coisa' })).toEqual({
      replies: [],
      changes: { awaitingRating: false },
      handled: false,
    });
  });
});

describe('templates', () => {
  it('fills placeholders in the company time zone and picks one spintax variant', () => {
    const at = new Date('2026-11-25T10:00:00Z'); // 07:00 in São Paulo
    const text = renderTemplate('{{ms}}, {{name}}! {Tudo bem|Como vai}?', {
      contactName: 'Ana',
      protocol: '20261125100000ABCD',
      at,
      timeZone: 'America/Sao_Paulo',
      random: () => 0.99,
    });
    expect(text).toBe('Bom dia, Ana! Como vai?');
  });
});

describe('protocol', () => {
  it('is one number per ticket: the greeting, the menu again after a reopen and the completion all carry it', () => {
    const withProtocol: BotConnection = {
      ...connection,
      greetingMessage: 'Protocolo *{{protocol}}*. Escolha um setor:',
      complationMessage: 'Obrigado! Protocolo: *{{protocol}}*',
      queues: [{ ...sales, greetingMessage: 'Vendas ({{protocol}})' }],
    };
    const ticket = { ...pending, id: '01KB0Z7A1C2D3E4F5G6H7J8K9M' };
    const protocolIn = (text: string | undefined) => /(\d{14}[0-9A-Z]{4})/.exec(text ?? '')?.[1];

    const greeted = decideInbound(ctx({ connection: withProtocol, ticket })).replies[0];
    const reopened = decideInbound(
      ctx({
        connection: withProtocol,
        ticket: { ...ticket, queueId: 'q-sales', chatbot: true },
        at: new Date('2026-11-25T18:41:00Z'),
      }),
    ).replies[0];
    const completed = decideOnResolve({
      ...ctx({ connection: withProtocol, at: new Date('2026-11-26T09:12:33Z') }),
      ticket: { ...ticket, status: 'closed' },
    }).replies[0];

    expect(protocolIn(greeted)).toBe('202611251458078K9M');
    expect([protocolIn(reopened), protocolIn(completed)]).toEqual([protocolIn(greeted), protocolIn(greeted)]);
  });
});
