import { Badge, Box, Button, Center, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { FaWhatsapp } from 'react-icons/fa';
import { LuLogOut, LuScanLine, LuShieldAlert, LuShieldCheck, LuWifi, LuWifiOff } from 'react-icons/lu';
import { CONNECTION_STATUS_PALETTE as PALETTE } from '@/lib/connection-status';
import { notify } from '@/lib/toaster';
import { usePhoneAction, useSetRestriction, type PhoneAction, type SimConnection } from '../api/simulator-api';
import { PairingCodeForm } from './pairing-code-form';
import { PanelTitle } from './panel-title';

export interface SimConnectionsPanelProps {
  connections: SimConnection[];
  names: Record<string, string>;
  selectedId: string | null;
  onSelect: (connectionId: string) => void;
}

/** Left column: the simulated business phones, one per connection the platform started. */
export function SimConnectionsPanel({ connections, names, selectedId, onSelect }: SimConnectionsPanelProps) {
  const { t } = useTranslation('simulator');
  const phone = usePhoneAction();
  const restriction = useSetRestriction();

  const run = (connectionId: string, action: PhoneAction) =>
    phone.mutate(
      { connectionId, action },
      {
        onSuccess: () => action === 'scan' && notify.success(t('connections.scanned')),
        onError: (error) => notify.error(error.message),
      },
    );

  return (
    <Stack gap="3" minH="0">
      <PanelTitle title={t('connections.title')} count={connections.length} />
      {connections.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" px="1">
          {t('connections.empty')}
        </Text>
      ) : null}
      <Stack gap="2.5" overflowY="auto" minH="0" pb="2">
        {connections.map((connection) => {
          const selected = connection.connectionId === selectedId;
          const busy = phone.isPending && phone.variables?.connectionId === connection.connectionId;
          return (
            <Box
              key={connection.connectionId}
              role="button"
              tabIndex={0}
              onClick={() => onSelect(connection.connectionId)}
              onKeyDown={(e) => e.key === 'Enter' && onSelect(connection.connectionId)}
              data-testid="sim-connection"
              data-connection-id={connection.connectionId}
              data-status={connection.status}
              borderWidth="1px"
              borderColor={selected ? 'brand.solid' : 'border'}
              outline={selected ? '1px solid' : 'none'}
              outlineColor="brand.solid"
              bg="bg.panel"
              rounded="l3"
              p="3"
              cursor="pointer"
              transition="border-color .15s, box-shadow .15s"
              _hover={{ shadow: 'sm' }}
            >
              <HStack gap="2.5" align="center">
                <Center boxSize="9" rounded="full" bg="#25D366" color="white" flexShrink={0}>
                  <Icon boxSize="5">
                    <FaWhatsapp />
                  </Icon>
                </Center>
                <Stack gap="0" flex="1" minW="0">
                  <Text fontWeight="semibold" truncate textStyle="sm">
                    {names[connection.connectionId] ?? t('connections.unnamed')}
                  </Text>
                  <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums" truncate>
                    {connection.number ? `+${connection.number}` : t('connections.notPaired')}
                  </Text>
                </Stack>
                <Badge colorPalette={PALETTE[connection.status] ?? 'gray'} variant="subtle" rounded="full" size="sm">
                  {t(`status.${connection.status}`, { defaultValue: connection.status })}
                </Badge>
              </HStack>

              {connection.status === 'qrcode' && connection.qr ? (
                <Stack mt="3" gap="3" align="center">
                  <Box p="2" bg="white" rounded="md" borderWidth="1px" opacity={0.9}>
                    <QRCodeSVG value={connection.qr} size={112} marginSize={0} />
                  </Box>
                  <Button
                    size="lg"
                    w="full"
                    colorPalette="green"
                    loading={busy}
                    data-testid="sim-scan"
                    onClick={(e) => {
                      e.stopPropagation();
                      run(connection.connectionId, 'scan');
                    }}
                  >
                    <LuScanLine /> {t('connections.scan')}
                  </Button>
                </Stack>
              ) : null}

              {connection.pairingCode ? <PairingCodeForm connectionId={connection.connectionId} /> : null}

              {connection.restricted ? (
                <Text mt="2" textStyle="xs" color="fg.error" data-testid="sim-restricted">
                  {t('connections.restricted')}
                </Text>
              ) : null}

              {selected && connection.status !== 'qrcode' && !connection.pairingCode ? (
                <HStack mt="3" gap="2" wrap="wrap">
                  {connection.networkDropped ? (
                    <Button
                      size="xs"
                      variant="outline"
                      loading={busy}
                      onClick={(e) => (e.stopPropagation(), run(connection.connectionId, 'restore'))}
                    >
                      <LuWifi /> {t('connections.restore')}
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      variant="outline"
                      loading={busy}
                      disabled={connection.status !== 'CONNECTED'}
                      onClick={(e) => (e.stopPropagation(), run(connection.connectionId, 'drop'))}
                    >
                      <LuWifiOff /> {t('connections.drop')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    loading={busy}
                    disabled={connection.status !== 'CONNECTED'}
                    onClick={(e) => (e.stopPropagation(), run(connection.connectionId, 'logout-from-phone'))}
                  >
                    <LuLogOut /> {t('connections.logout')}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette={connection.restricted ? 'green' : 'orange'}
                    loading={restriction.isPending}
                    disabled={connection.status !== 'CONNECTED'}
                    data-testid="sim-restrict"
                    onClick={(e) => {
                      e.stopPropagation();
                      restriction.mutate(
                        { connectionId: connection.connectionId, restricted: !connection.restricted },
                        { onError: (error) => notify.error(error.message) },
                      );
                    }}
                  >
                    {connection.restricted ? <LuShieldCheck /> : <LuShieldAlert />}{' '}
                    {t(connection.restricted ? 'connections.unrestrict' : 'connections.restrict')}
                  </Button>
                </HStack>
              ) : null}
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
