import { Button, HStack, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuQrCode, LuRefreshCw, LuRotateCw, LuUnplug } from 'react-icons/lu';
import type { Connection } from '../api/connections';
import { sessionActionsFor } from '../lib/session-actions';

export interface SessionActionsProps {
  connection: Connection;
  /** The command (retry / new QR) running for this row, to show a spinner on the right button. */
  pending?: 'retry' | 'newQr' | null;
  onShowQr: (connection: Connection) => void;
  onRetry: (connection: Connection) => void;
  onNewQr: (connection: Connection) => void;
  onDisconnect: (connection: Connection) => void;
}

/** The "session" column: one or two buttons chosen by status (spec part 2 §4). */
export function SessionActions({ connection, pending, onShowQr, onRetry, onNewQr, onDisconnect }: SessionActionsProps) {
  const { t } = useTranslation('connections');
  const common = { size: 'xs', variant: 'outline' } as const;
  return (
    <HStack gap="2" wrap="nowrap">
      {sessionActionsFor(connection.status).map((action) => {
        switch (action) {
          case 'showQr':
            return (
              <Button key={action} size="xs" colorPalette="brand" onClick={() => onShowQr(connection)}>
                <LuQrCode /> {t('session.showQr')}
              </Button>
            );
          case 'retry':
            return (
              <Button key={action} {...common} loading={pending === 'retry'} onClick={() => onRetry(connection)}>
                <LuRotateCw /> {t('session.retry')}
              </Button>
            );
          case 'newQr':
            return (
              <Button key={action} {...common} loading={pending === 'newQr'} onClick={() => onNewQr(connection)}>
                <LuRefreshCw /> {t('session.newQr')}
              </Button>
            );
          case 'disconnect':
            return (
              <Button key={action} {...common} colorPalette="red" onClick={() => onDisconnect(connection)}>
                <LuUnplug /> {t('session.disconnect')}
              </Button>
            );
          case 'connecting':
            return (
              <Button key={action} {...common} disabled>
                <Spinner size="xs" /> {t('session.connecting')}
              </Button>
            );
          default:
            return null;
        }
      })}
    </HStack>
  );
}
