/**
 * A whole confirmation campaign, end to end below the browser (issue 27 item 3 follow-up): 300
 * contacts over two connections, cancelled mid-way and restarted, with dispatch steps delivered twice
 * and a session host that dies between sending and marking commands, counted on the customers'
 * simulated phones: every valid contact sees exactly one confirmation request and one main message,
 * contacts refused at import see nothing, numbers not on WhatsApp are counted as failed.
 */
import { describe, expect, it, vi } from 'vitest';
import { campaignConfirmationMessages, campaignMessages, fillCampaignVariables } from '@atende/shared';
import { getCampaign } from '../src/data/campaigns';
import { cancelCampaign, restartCampaign } from '../src/domain/campaign-sending/control';
import { campaignFigures } from '../src/domain/campaign-sending/report';
import {
  campaignOverList,
  customerWrites,
  deliverInbound,
  sendFailedEvent,
  startCampaign,
  useCampaignStage,
} from './support/campaign-engine';
import { SimulatedHost } from './support/campaign-phones';
import { runQueuedJobs, sendsByNumber, testContacts, type TestContact } from './support/campaign-sim';
import { fakeQueues } from './support/fake-queues';

vi.mock('../src/platform/queues', async (original) =>
  (await import('./support/fake-queues')).withFakeSends(await original<object>()),
);

const stage = useCampaignStage({ planPageSize: 40 });

const CONTACTS = 300;
/** Every 25th refused by WhatsApp at import (12); every 40th of the rest never checked and not on WhatsApp. */
function journeyContacts(): { contacts: TestContact[]; notOnWhatsapp: Set<string> } {
  const contacts = testContacts(CONTACTS, 25).map((c, i) =>
    c.isWhatsappValid && i % 40 === 7 ? { ...c, isWhatsappValid: null } : c,
  );
  return {
    contacts,
    notOnWhatsapp: new Set(contacts.filter((c) => c.isWhatsappValid === null).map((c) => c.number)),
  };
}

describe('a confirmation campaign of 300 contacts, cancelled, restarted, through a host restart', () => {
  it(
    'shows every valid contact one request and one main message, and nothing to anyone else',
    { timeout: 300_000 },
    async () => {
      const { tenant, connections } = stage;
      const { contacts, notOnWhatsapp } = journeyContacts();
      const campaign = await campaignOverList(tenant.company.id, contacts, {
        whatsappIds: connections.map((c) => c.id),
        confirmation: true,
        message1: 'Oferta de Natal para {nome}',
        message2: '{nome}, sua oferta chegou',
        confirmationMessage1: 'Olá {nome}, posso enviar a oferta?',
        confirmationMessage2: '{nome}, quer receber nossa oferta?',
      });
      const ours = (commandId: string) => commandId.startsWith(`campaign:${campaign.id}:`);
      // every customer answers a request the first time the phone shows it, a little later (after the next job)
      const answers: (() => Promise<void>)[] = [];
      let cancelled = false;
      let answeredWhileCancelled = 0;
      const host = new SimulatedHost(notOnWhatsapp, {
        onNewMessage: async (number, command) => {
          if (ours(command.commandId) && command.commandId.endsWith(':confirm'))
            answers.push(async () => {
              if (cancelled) answeredWhileCancelled++;
              await deliverInbound(customerWrites(campaign.companyId, command.connectionId, number, { body: 'Sim' }));
            });
        },
        onNotOnWhatsapp: (command) =>
          deliverInbound(sendFailedEvent(campaign.companyId, command.connectionId, command.commandId)),
      });
      const pump = async () => {
        for (const answer of answers.splice(0)) await answer();
        await host.pump();
      };
      const campaignCommands = () => fakeQueues.outbound.filter((o) => ours(o.command.commandId)).length;
      const mains = () =>
        [...host.phones.values()].filter((p) => [...p.messages.values()].some((m) => m.commandId.endsWith(':main'))).length;

      await startCampaign(campaign);
      await runQueuedJobs({ onJob: pump, until: () => mains() >= 90 });
      await cancelCampaign(campaign.companyId, campaign.id);
      cancelled = true;
      const atCancel = campaignCommands();
      await runQueuedJobs({ onJob: pump, delivery: 'twice' }); // the pacers stop; a duplicate step changes nothing
      await pump(); // the last requests' answers come in while it is cancelled: held
      expect(answeredWhileCancelled).toBeGreaterThan(0);
      expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('CANCELADA');

      vi.setSystemTime(Date.now() + 5 * 60_000); // restarted five minutes later
      expect(campaignCommands()).toBe(atCancel); // nothing went out while cancelled
      cancelled = false;
      await restartCampaign(campaign.companyId, campaign.id);
      await runQueuedJobs({ onJob: pump, delivery: 'twice', until: () => mains() >= 180 });
      expect(await host.crash(6)).toBe(6); // sent, not marked: the restarted host sends them again
      await runQueuedJobs({ onJob: pump });
      while (answers.length) await pump();

      const invalid = contacts.filter((c) => c.isWhatsappValid === false);
      const reachable = contacts.filter((c) => c.isWhatsappValid !== false && !notOnWhatsapp.has(c.number));
      expect(invalid).toHaveLength(12);
      expect(notOnWhatsapp.size).toBeGreaterThan(5);
      for (const c of reachable) {
        const shown = [...(host.phones.get(c.number)?.messages.values() ?? [])].filter((m) => ours(m.commandId));
        const [request, main] = shown;
        expect({ number: c.number, parts: shown.map((m) => m.commandId.split(':').pop()) }).toEqual({
          number: c.number,
          parts: ['confirm', 'main'],
        });
        expect(request!.connectionId).toBe(main!.connectionId);
        const fill = (texts: string[]) => texts.map((t) => fillCampaignVariables(t, c, []));
        expect(fill(campaignConfirmationMessages(campaign))).toContain(request!.text);
        expect(fill(campaignMessages(campaign))).toContain(main!.text);
      }
      for (const c of [...invalid, ...contacts.filter((x) => notOnWhatsapp.has(x.number))])
        expect({ number: c.number, phone: host.phones.get(c.number) }).toEqual({ number: c.number, phone: undefined });
      // the host restart did deliver some messages twice; the phones show them once
      expect([...host.phones.values()].some((p) => p.deliveries > p.messages.size)).toBe(true);

      const valid = CONTACTS - invalid.length;
      expect(await campaignFigures(campaign.companyId, campaign.id)).toEqual({
        validContacts: valid,
        planned: valid,
        confirmationRequested: reachable.length,
        confirmed: reachable.length,
        delivered: reachable.length,
        failed: notOnWhatsapp.size,
      });
      expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
    },
  );

  it('sends the main message of an answer given while the campaign was cancelled, once, after the restart', async () => {
    const { tenant, connections } = stage;
    const contacts = testContacts(3);
    const campaign = await campaignOverList(tenant.company.id, contacts, {
      whatsappIds: [connections[0]!.id],
      confirmation: true,
      confirmationMessage1: 'Posso enviar, {nome}?',
    });
    await startCampaign(campaign);
    await runQueuedJobs({ until: () => sendsByNumber(campaign.id).size === 3 }); // every request out, not finished yet
    await cancelCampaign(campaign.companyId, campaign.id);
    await runQueuedJobs();
    expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('CANCELADA');
    const says = (number: string) => deliverInbound(customerWrites(campaign.companyId, connections[0]!.id, number));
    await says(contacts[0]!.number); // answered while cancelled
    await says(contacts[0]!.number);
    const mainsTo = (number: string) =>
      fakeQueues.outbound.filter(
        (o) => o.command.commandId.endsWith(':main') && o.command.type === 'message.send' && o.command.to.startsWith(number),
      );
    expect(mainsTo(contacts[0]!.number)).toHaveLength(0);

    vi.setSystemTime(Date.now() + 60_000);
    await restartCampaign(campaign.companyId, campaign.id);
    await runQueuedJobs();
    expect(mainsTo(contacts[0]!.number)).toHaveLength(1); // without writing again
    await cancelCampaign(campaign.companyId, campaign.id); // FINALIZADA already: nothing to cancel
    await restartCampaign(campaign.companyId, campaign.id);
    await runQueuedJobs();
    await says(contacts[0]!.number); // and writes again later

    expect(mainsTo(contacts[0]!.number)).toHaveLength(1);
    expect(mainsTo(contacts[1]!.number)).toHaveLength(0);
    expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({
      confirmationRequested: 3,
      confirmed: 1,
      delivered: 1,
    });
  });
});
