import { Button, Card, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { MS_PER_DAY } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DialogShell } from '@/components/dialog-shell';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/hooks/use-session';
import { SUBSCRIPTION_NS } from '../i18n';

/** Spec part 2 §2: N is the absolute number of days between now and the trial expiry, rounded up. */
export function trialDaysLeft(trialExpiration: string | null | undefined, now = Date.now()): number | null {
  if (!trialExpiration) return null;
  const end = Date.parse(trialExpiration);
  if (Number.isNaN(end)) return null;
  return Math.ceil(Math.abs(end - now) / MS_PER_DAY);
}

/** /subscription ('Assinatura', spec part 2 §2 "Subscription screen"). */
export function SubscriptionPage() {
  const { t } = useTranslation(SUBSCRIPTION_NS);
  const { company } = useSession();
  const [contactOpen, setContactOpen] = useState(false);
  const days = trialDaysLeft(company?.trialExpiration ?? company?.dueDate);

  return (
    <Stack gap="5" maxW="xl">
      <PageHeader title={t('title')} />
      <Card.Root>
        <Card.Body gap="4">
          <Field.Root readOnly>
            <Field.Label>{t('trial')}</Field.Label>
            <Input readOnly value={days === null ? '' : t('trialText', { count: days })} data-testid="trial-days" />
          </Field.Root>
          <Field.Root readOnly>
            <Field.Label>{t('billingEmail')}</Field.Label>
            <Input readOnly value={company?.email ?? ''} />
          </Field.Root>
          <Button alignSelf="flex-start" onClick={() => setContactOpen(true)}>
            {t('subscribe')}
          </Button>
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
