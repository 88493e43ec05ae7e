import { Button, Card, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DialogShell } from '@/components/dialog-shell';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/hooks/use-session';
import { formatDate } from '@/lib/format';
import { subscriptionPhase, type SubscriptionPhase } from '../lib/subscription-phase';
import { SUBSCRIPTION_NS } from '../i18n';

/** The first field: the trial's countdown while it runs, the subscription's state once paid. */
function phaseField(phase: SubscriptionPhase, t: TFunction) {
  switch (phase.kind) {
    case 'trial':
      return { label: t('trial'), text: t('trialText', { count: phase.daysLeft }) };
    case 'trialEnded':
      return { label: t('trial'), text: t('trialEnded', { date: formatDate(phase.endedOn) }) };
    case 'subscribed':
      return {
        label: t('status'),
        text: t(phase.overdue ? 'overdueSince' : 'activeUntil', { date: formatDate(phase.dueDate) }),
      };
    case 'none':
      return { label: t('trial'), text: '' };
  }
}

/** /subscription ('Assinatura', spec part 2 §2 "Subscription screen"). */
export function SubscriptionPage() {
  const { t } = useTranslation(SUBSCRIPTION_NS);
  const { company } = useSession();
  const [contactOpen, setContactOpen] = useState(false);
  const phase = subscriptionPhase(company);
  const first = phaseField(phase, t);

  return (
    <Stack gap="5" maxW="xl">
      <PageHeader title={t('title')} />
      <Card.Root>
        <Card.Body gap="4">
          <Field.Root readOnly>
            <Field.Label>{first.label}</Field.Label>
            <Input readOnly value={first.text} data-testid="trial-days" />
          </Field.Root>
          <Field.Root readOnly>
            <Field.Label>{t('billingEmail')}</Field.Label>
            <Input readOnly value={company?.email ?? ''} />
          </Field.Root>
          {phase.kind === 'subscribed' ? (
            <Button asChild alignSelf="flex-start" variant="outline">
              <RouterLink to="/invoices">{t('toInvoices')}</RouterLink>
            </Button>
          ) : (
            <Button alignSelf="flex-start" onClick={() => setContactOpen(true)}>
              {t('subscribe')}
            </Button>
          )}
        </Card.Body>
      </Card.Root>
      <DialogShell open={contactOpen} onClose={() => setContactOpen(false)} size="sm">
        <Dialog.Header>
          <Dialog.Title>{t('subscribe')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Text color="fg.muted">{t('contactText')}</Text>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => setContactOpen(false)}>
            {t('common.close')}
          </Button>
          <Button asChild>
            <RouterLink to="/invoices">{t('toInvoices')}</RouterLink>
          </Button>
        </Dialog.Footer>
      </DialogShell>
    </Stack>
  );
}
