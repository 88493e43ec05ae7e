import { useEffect, useState } from 'react';
import { Box, Button, Center, Dialog, Flex, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LuSmartphone } from 'react-icons/lu';
import { DialogShell } from '@/components/dialog-shell';
import { useRuntimeConfig } from '@/lib/config';
import { connectionQuery, connectionsQuery } from '../api/connections';
import { useIsPhone } from '../hooks/use-is-phone';

/**
 * The live QR dialog (spec part 2 §4): the QR comes from the react-query cache, which live
 * session events patch, so a new QR redraws on its own; when an update brings an empty QR
 * (the phone scanned it, or the session stopped) or the connection turns CONNECTED, the dialog
 * closes itself. It opens on the QR button, after a connection is added and after 'Novo QR Code'
 * (issue 8 item 17), showing a spinner until the session's first QR arrives.
 */
export function QrCodeDialog({ connectionId, onClose }: { connectionId: string | null; onClose: () => void }) {
  const { t } = useTranslation('connections');
  const { localMode } = useRuntimeConfig();
  const isPhone = useIsPhone();
  const open = connectionId !== null;
  // The connection and QR this opening showed stay on screen while the dialog closes (its exit
  // animation), instead of an empty title and the waiting spinner.
  const [lastId, setLastId] = useState(connectionId);
  if (connectionId !== null && connectionId !== lastId) setLastId(connectionId);
  const id = connectionId ?? lastId;
  const [shown, setShown] = useState<{ id: string; qr: string } | null>(null);
  const detail = useQuery({ ...connectionQuery(id ?? ''), enabled: open, staleTime: 0 });
  const fromList = useQuery({ ...connectionsQuery(), select: (list) => list.find((c) => c.id === id) });
  const connection = detail.data ?? fromList.data;
  const liveQr = open ? (connection?.qrcode ?? '') : '';

  // Each opening starts from nothing (an earlier opening's QR must not count as shown).
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (connectionId !== openedFor) {
    setOpenedFor(connectionId);
    if (open) setShown(null);
  }
  if (open && liveQr && (shown?.id !== connectionId || shown.qr !== liveQr)) setShown({ id: connectionId, qr: liveQr });
  const hadQr = shown !== null && shown.id === id;
  const paired = open && connection?.status === 'CONNECTED';
  const closing = !open || paired || (hadQr && !liveQr);
  const qrcode = liveQr || (closing && hadQr ? shown.qr : '');

  useEffect(() => {
    if (open && closing) onClose(); // a QR was on screen and the update emptied it, or the phone paired
  }, [open, closing, onClose]);

  return (
    <DialogShell open={connectionId !== null} onClose={onClose} size={isPhone ? 'full' : 'lg'} testId="qr-dialog">
      <Dialog.Header>
        <Dialog.Title>{t('qr.title', { name: connection?.name ?? '' })}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Flex direction={{ base: 'column', sm: 'row' }} gap="6" align="center">
          <Stack gap="3" flex="1" order={{ base: 2, sm: 1 }}>
            <Text color="fg.muted" textStyle="sm">
              {t('qr.intro')}
            </Text>
            <List.Root as="ol" gap="2" textStyle="sm" ps="4">
              <List.Item>{t('qr.step1')}</List.Item>
              <List.Item>{t('qr.step2')}</List.Item>
              <List.Item>{t('qr.step3')}</List.Item>
              <List.Item>{t('qr.step4')}</List.Item>
            </List.Root>
            {localMode ? (
              <Button asChild size="sm" variant="subtle" alignSelf="flex-start" mt="2">
                <RouterLink to="/simulator" target="_blank">
                  <LuSmartphone /> {t('qr.openSimulator')}
                </RouterLink>
              </Button>
            ) : null}
          </Stack>
          <Center order={{ base: 1, sm: 2 }} p="3" bg="white" rounded="l3" borderWidth="1px" minW="232px" minH="232px">
            {qrcode ? (
              <Box data-testid="qr-code" data-qr={qrcode}>
                <QRCodeSVG value={qrcode} size={208} level="M" marginSize={0} />
              </Box>
            ) : (
              <Stack align="center" gap="3" color="gray.600">
                <Spinner size="lg" color="brand.solid" />
                <Text textStyle="sm">{t('qr.waiting')}</Text>
              </Stack>
            )}
          </Center>
        </Flex>
      </Dialog.Body>
    </DialogShell>
  );
}
