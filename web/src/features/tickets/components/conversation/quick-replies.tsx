import { useEffect, useRef } from 'react';
import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { QuickReplySuggestion } from '../../lib/input-rules';

export const QUICK_REPLIES_ID = 'quick-replies';
export const quickReplyOptionId = (suggestion: QuickReplySuggestion) => `quick-reply-${suggestion.id}`;

/**
 * The '/' suggestions above the input (labels cut at 35 characters, spec part 1 §5); `active` is the
 * one the keyboard highlights (use-quick-reply-keys.ts), kept in view.
 */
export function QuickReplies({
  suggestions,
  active,
  onPick,
}: {
  suggestions: QuickReplySuggestion[];
  active: number;
  onPick: (suggestion: QuickReplySuggestion) => void;
}) {
  const { t } = useTranslation('tickets');
  const list = useRef<HTMLDivElement>(null);
  const activeId = suggestions[active] ? quickReplyOptionId(suggestions[active]) : undefined;
  useEffect(() => {
    if (activeId) list.current?.ownerDocument.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  if (suggestions.length === 0) return null;
  return (
    <Box borderTopWidth="1px" borderColor="border" bg="bg.panel">
      <Box
        ref={list}
        id={QUICK_REPLIES_ID}
        maxH="48"
        overflowY="auto"
        role="listbox"
        aria-label={t('input.quickReplies')}
        data-testid="quick-replies"
      >
        <Stack gap="0">
          {suggestions.map((suggestion, index) => (
            <chakra.button
              key={suggestion.id}
              id={quickReplyOptionId(suggestion)}
              type="button"
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              textAlign="start"
              px="4"
              py="2"
              bg={index === active ? 'bg.muted' : undefined}
              _hover={{ bg: 'bg.muted' }}
              _focusVisible={{ bg: 'bg.muted', outline: 'none' }}
              onMouseDown={(event) => event.preventDefault()} // the text box keeps the focus
              onClick={() => onPick(suggestion)}
              data-testid="quick-reply"
            >
              <Text textStyle="sm">{suggestion.label}</Text>
            </chakra.button>
          ))}
        </Stack>
      </Box>
      <Text px="4" py="1" textStyle="xs" color="fg.muted" hideBelow="md" data-testid="quick-replies-hint">
        {t('input.quickRepliesHint')}
      </Text>
    </Box>
  );
}
