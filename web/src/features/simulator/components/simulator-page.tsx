import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Grid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuSmartphone } from 'react-icons/lu';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useRuntimeConfig } from '@/lib/config';
import { usePlatformConnectionNames, useSimConnections, useSimContacts } from '../api/simulator-api';
import { PhoneChat } from './phone-chat';
import { SimConnectionsPanel } from './sim-connections-panel';
import { SimContactsPanel } from './sim-contacts-panel';

/**
 * /simulator (local mode only): a person plays the business phone (scan the QR, drop the
 * network) and the customers (send text and media, watch replies and their acks).
 */
export function SimulatorPage() {
  const { t } = useTranslation('simulator');
  const { localMode } = useRuntimeConfig();
  if (!localMode) {
    return <EmptyState icon={<LuSmartphone />} title={t('localOnly.title')} description={t('localOnly.description')} />;
  }
  return <Simulator />;
}

function Simulator() {
  const { t } = useTranslation('simulator');
  const connections = useSimConnections();
  const names = usePlatformConnectionNames();
  const [connectionId, setConnectionId] = useState<string | null>(null);
  const [number, setNumber] = useState<string | null>(null);
  const contacts = useSimContacts(connectionId);

  // Only this company's connections that still exist on the platform: the simulator itself knows
  // every company's sessions (it plays all the phones), and deleted ones linger there as logged out.
  const list = useMemo(
    () => (names.data ? (connections.data ?? []).filter((c) => c.connectionId in names.data) : []),
    [connections.data, names.data],
  );
  // Pick something sensible on first load: a connection waiting for its QR, else the first one.
  useEffect(() => {
    if (connectionId && list.some((c) => c.connectionId === connectionId)) return;
    const preferred = list.find((c) => c.status === 'qrcode') ?? list[0];
    setConnectionId(preferred?.connectionId ?? null);
  }, [list, connectionId]);

  const contactList = useMemo(() => contacts.data ?? [], [contacts.data]);
  useEffect(() => {
    if (number && contactList.some((c) => c.number === number)) return;
    setNumber(contactList[0]?.number ?? null);
  }, [contactList, number]);

  const selected = list.find((c) => c.connectionId === connectionId) ?? null;
  const nameMap = names.data ?? {};

  return (
    <Stack gap="0" h={{ base: 'auto', lg: 'calc(100dvh - 7rem)' }} minH="0">
      <PageHeader title={t('title')} description={t('description')} />
      {connections.isError ? (
        <Alert.Root status="error" mb="4" rounded="l3">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('errors.unreachable')}</Alert.Title>
            <Alert.Description>{connections.error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Grid
        flex="1"
        minH="0"
        gap="5"
        templateColumns={{ base: '1fr', md: '260px 1fr', lg: '280px 300px minmax(340px, 1fr)' }}
        templateRows={{ base: 'auto', lg: 'minmax(0, 1fr)' }}
      >
        <Box minH="0" display="flex" flexDirection="column">
          <SimConnectionsPanel
            connections={list}
            names={nameMap}
            selectedId={connectionId}
            onSelect={(id) => {
              setConnectionId(id);
              setNumber(null);
            }}
          />
        </Box>
        <Box minH="0" display="flex" flexDirection="column">
          <SimContactsPanel
            connectionId={connectionId}
            contacts={contactList}
            selectedNumber={number}
            onSelect={setNumber}
          />
        </Box>
        <Box minH={{ base: '640px', lg: '0' }} gridColumn={{ md: '1 / -1', lg: 'auto' }} display="flex">
          <PhoneChat
            connectionId={connectionId}
            number={number}
            businessName={(connectionId && nameMap[connectionId]) || t('chat.business')}
            businessNumber={selected?.number ?? null}
            maxInboundMediaBytes={selected?.maxInboundMediaBytes}
          />
        </Box>
      </Grid>
    </Stack>
  );
}

export default SimulatorPage;
