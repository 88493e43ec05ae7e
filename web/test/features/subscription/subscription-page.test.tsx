import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubscriptionPage } from '@/features/subscription/components/subscription-page';
import { subscriptionPhase } from '@/features/subscription/lib/subscription-phase';
import { formatDate } from '@/lib/format';
import { sessionStore } from '@/lib/session-store';
import { company, sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

const DAY = 86_400_000;
const now = Date.parse('2026-11-27T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('subscription phase (spec part 2 §2 "Subscription screen", issue 30 item 11)', () => {
  it("counts the trial's days left, rounded up, while it runs", () => {
    const end = iso(now + 2.2 * DAY);
    expect(subscriptionPhase({ trialExpiration: end, dueDate: end }, now)).toEqual({ kind: 'trial', daysLeft: 3 });
  });

  it('is subscribed once a payment moved the due date past the trial', () => {
    const trial = iso(now + 2 * DAY);
    const paid = { trialExpiration: trial, dueDate: iso(now + 32 * DAY) };
    expect(subscriptionPhase(paid, now)).toEqual({ kind: 'subscribed', dueDate: paid.dueDate, overdue: false });
    // Date-only due dates (the billing's) compare by day with the trial's date-time.
    expect(subscriptionPhase({ trialExpiration: trial, dueDate: '2026-12-29' }, now).kind).toBe('subscribed');
    expect(subscriptionPhase({ trialExpiration: trial, dueDate: trial.slice(0, 10) }, now).kind).toBe('trial');
  });

  it('says the trial ended when it did without a payment, and when a subscription is overdue', () => {
    const ended = iso(now - 2 * DAY);
    expect(subscriptionPhase({ trialExpiration: ended, dueDate: ended }, now)).toEqual({
      kind: 'trialEnded',
      endedOn: ended,
    });
    expect(subscriptionPhase({ trialExpiration: iso(now - 60 * DAY), dueDate: iso(now - 5 * DAY) }, now)).toMatchObject({
      kind: 'subscribed',
      overdue: true,
    });
  });

  it('treats a company without a trial (made by a super user) as subscribed until its due date', () => {
    expect(subscriptionPhase({ trialExpiration: null, dueDate: iso(now + 10 * DAY) }, now).kind).toBe('subscribed');
    expect(subscriptionPhase({ trialExpiration: null, dueDate: null }, now).kind).toBe('none');
  });
});

describe('/subscription screen', () => {
  it("shows the trial's countdown, and the subscription's due date once the payment arrives live", async () => {
    const trialEnd = new Date(Date.now() + 3 * DAY - 60_000).toISOString();
    const trialCompany = company({ trialExpiration: trialEnd, dueDate: trialEnd });
    sessionStore.signIn('token', sessionUser({ company: trialCompany }));
    renderWithProviders(<SubscriptionPage />, { route: '/subscription' });
    const field = (await screen.findByTestId('trial-days')) as HTMLInputElement;
    expect(field.value).toBe('Seu período de teste termina em 3 dias!');
    expect(screen.getByRole('button', { name: 'Assine Agora!' })).toBeTruthy();

    // The payment event's company (useSessionEvents puts it in the session): the due date moved a month on.
    const newDueDate = new Date(Date.parse(trialEnd) + 30 * DAY).toISOString().slice(0, 10);
    act(() => sessionStore.setUser(sessionUser({ company: { ...trialCompany, dueDate: newDueDate } })));
    expect(field.value).toBe(`Assinatura ativa até ${formatDate(newDueDate)}.`);
    expect(screen.getByText('Situação da assinatura')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assine Agora!' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir para as faturas' }).getAttribute('href')).toBe('/invoices');
  });
});
