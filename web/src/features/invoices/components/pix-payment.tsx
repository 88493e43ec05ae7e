import { Alert, Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuFlaskConical } from 'react-icons/lu';
import { useRuntimeConfig } from '@/lib/config';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/toaster';
import { useSimulatePayment, type SubscriptionCharge } from '../api/invoices';
import { INVOICES_NS } from '../i18n';

/** The Pix QR screen (spec part 2 §2 "Checkout dialog"): QR code, copy-and-paste code, waiting for the bank. */
export function PixPayment({ charge }: { charge: SubscriptionCharge }) {
  const { t } = useTranslation(INVOICES_NS);
  const { localMode } = useRuntimeConfig();
  const simulate = useSimulatePayment();
  const code = charge.qrcode.qrcode;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notify.success(t('pix.copied'));
    } catch {
      notify.error(t('pix.copyFailed'));
    }
  };

  const simulatePayment = async () => {
    try {
      await simulate.mutateAsync(charge.invoiceId);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Stack gap="4" align="center" data-testid="pix-payment">
      <Alert.Root status="info" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Title data-testid="pix-generated">{t('validation.saas.pixGenerated')}</Alert.Title>
      </Alert.Root>
      <Box bg="white" p="3" borderRadius="lg" borderWidth="1px">
        <QRCodeSVG value={code} size={208} marginSize={1} title={t('pix.qrTitle')} />
      </Box>
      <Text fontSize="lg" fontWeight="semibold">
        {formatMoney(Number(charge.valor.original))}
      </Text>
      <Stack w="full" gap="1">
        <Text fontSize="sm" color="fg.muted">
          {t('pix.copyPaste')}
        </Text>
        <HStack w="full">
          <Input
            readOnly
            value={code}
            fontFamily="mono"
            fontSize="xs"
            data-testid="pix-code"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button onClick={() => void copy()} variant="outline" flexShrink={0}>
            <LuCopy />
            {t('pix.copy')}
          </Button>
        </HStack>
      </Stack>
      {localMode ? (
        <Button
          variant="subtle"
          colorPalette="purple"
          onClick={() => void simulatePayment()}
          loading={simulate.isPending}
          disabled={simulate.isSuccess}
          data-testid="simulate-payment"
        >
          <LuFlaskConical />
          {t('pix.simulate')}
        </Button>
      ) : null}
    </Stack>
  );
}
