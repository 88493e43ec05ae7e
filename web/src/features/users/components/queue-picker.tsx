import { Box, chakra, HStack, Text, Wrap } from '@chakra-ui/react';
import type { QueueRef } from '@atende/shared';
import { LuCheck } from 'react-icons/lu';

interface QueuePickerProps {
  queues: QueueRef[];
  value: string[];
  onChange: (ids: string[]) => void;
  emptyText: string;
  labelledBy?: string;
}

/** Queues as toggle chips, each with its colour: quicker than a multi-select for the usual handful. */
export function QueuePicker({ queues, value, onChange, emptyText, labelledBy }: QueuePickerProps) {
  if (queues.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" py="1">
        {emptyText}
      </Text>
    );
  }
  const selected = new Set(value);
  const toggle = (id: string) =>
    onChange(selected.has(id) ? value.filter((queueId) => queueId !== id) : [...value, id]);
  return (
    <Wrap gap="2" role="group" aria-labelledby={labelledBy}>
      {queues.map((queue) => {
        const checked = selected.has(queue.id);
        return (
          <chakra.button
            type="button"
            key={queue.id}
            role="checkbox"
            aria-checked={checked}
            onClick={() => toggle(queue.id)}
            px="3"
            py="1.5"
            borderRadius="full"
            borderWidth="1px"
            borderColor={checked ? 'brand.solid' : 'border'}
            bg={checked ? 'brand.subtle' : 'bg.panel'}
            fontSize="sm"
            cursor="pointer"
            transition="all 0.15s"
            _hover={{ borderColor: 'brand.solid' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
          >
            <HStack gap="2">
              <Box boxSize="2.5" borderRadius="full" bg={queue.color || 'gray.400'} flexShrink={0} />
              <Text as="span">{queue.name}</Text>
              {checked ? <LuCheck /> : null}
            </HStack>
          </chakra.button>
        );
      })}
    </Wrap>
  );
}
