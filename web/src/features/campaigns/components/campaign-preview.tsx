import { Box, Stack, Text } from '@chakra-ui/react';
import { fillCampaignVariables } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { CAMPAIGNS_NS } from '../i18n';
import { PREVIEW_CONTACT, type CampaignVariable } from '../lib/campaign-variables';

/** Message 1 as a sample contact would read it, placeholders filled (the engine's own function). */
export function CampaignPreview({ message, variables }: { message: string; variables: readonly CampaignVariable[] }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const text = message.trim() ? fillCampaignVariables(message, PREVIEW_CONTACT, variables) : '';
  return (
    <Stack gap="1">
      <Text textStyle="xs" color="fg.muted">
        {t('dialog.preview')}
      </Text>
      <Box
        alignSelf="flex-start"
        maxW="full"
        bg={{ base: 'green.100', _dark: 'green.900' }}
        color={text ? 'fg' : 'fg.muted'}
        px="3"
        py="2"
        borderRadius="lg"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        textStyle="sm"
        data-testid="campaign-preview"
      >
        {text || t('dialog.previewEmpty')}
      </Box>
    </Stack>
  );
}
