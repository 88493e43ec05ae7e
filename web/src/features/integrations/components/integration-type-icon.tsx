import { Box } from '@chakra-ui/react';
import type { QueueIntegrationType } from '@atende/shared';
import type { IconType } from 'react-icons';
import { LuBot, LuRouter, LuServer, LuSparkles, LuWallet, LuWebhook, LuWorkflow } from 'react-icons/lu';

const ICONS: Record<QueueIntegrationType, IconType> = {
  typebot: LuBot,
  n8n: LuWorkflow,
  webhook: LuWebhook,
  openai: LuSparkles,
  asaas: LuWallet,
  ixc: LuRouter,
  'mk-auth': LuServer,
};

/** A type's icon; `label` is its tooltip (the title attribute) and its accessible name. */
export function IntegrationTypeIcon({ type, label }: { type: QueueIntegrationType; label: string }) {
  const Icon = ICONS[type];
  return (
    <Box as="span" display="inline-flex" color="brand.fg" title={label} aria-label={label} role="img" fontSize="lg">
      <Icon />
    </Box>
  );
}
