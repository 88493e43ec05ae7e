import { Badge, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '@atende/shared';
import { CONNECTION_STATUS_PALETTE as PALETTE } from '@/lib/connection-status';

/** `data-status` carries the raw value so tests (and support) can read it regardless of language. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('connections');
  return (
    <Badge
      colorPalette={PALETTE[status as ConnectionStatus] ?? 'gray'}
      variant="subtle"
      size="md"
      rounded="full"
      px="2.5"
      gap="1.5"
      data-testid="connection-status"
      data-status={status}
    >
      {status === 'OPENING' ? <Spinner size="xs" /> : <StatusDot />}
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function StatusDot() {
  return <span style={{ width: 6, height: 6, borderRadius: 999, background: 'currentColor', display: 'inline-block' }} />;
}
