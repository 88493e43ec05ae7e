import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { QuickReplySuggestion } from '../../lib/input-rules';

/** The '/' suggestions above the input (labels cut at 35 characters, spec part 1 §5). */
export function QuickReplies({
  suggestions,
  onPick,
}: {
  suggestions: QuickReplySuggestion[];
  onPick: (suggestion: QuickReplySuggestion) => void;
}) {
  const { t } = useTranslation('tickets');
  if (suggestions.length === 0) return null;
  return (
    <Box
      borderTopWidth="1px"
      borderColor="border"
      bg="bg.panel"
      maxH="48"
      overflowY="auto"
      role="listbox"
      aria-label={t('input.quickReplies')}
      data-testid="quick-replies"
    >
      <Stack gap="0">
        {suggestions.map((suggestion) => (
          <chakra.button
            key={suggestion.id}
            type="button"
            role="option"
            textAlign="start"
            px="4"
            py="2"
            _hover={{ bg: 'bg.muted' }}
            _focusVisible={{ bg: 'bg.muted', outline: 'none' }}
            onClick={() => onPick(suggestion)}
            data-testid="quick-reply"
          >
            <Text textStyle="sm">{suggestion.label}</Text>
          </chakra.button>
        ))}
      </Stack>
    </Box>
  );
}
