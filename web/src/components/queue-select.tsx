import { useMemo } from 'react';
import { Box, createListCollection, HStack, Select, Text } from '@chakra-ui/react';
import type { QueueOption } from '@/lib/queue-options';

/**
 * THE queue picker (user form, connection form, and the queue fields to come): Chakra's Select over
 * the company's queues, each with its colour. Multi for "queues served/seen", single for one target.
 */
interface QueueSelectProps {
  queues: QueueOption[];
  placeholder: string;
  invalid?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
}

interface MultiProps extends QueueSelectProps {
  value: string[];
  onChange: (value: string[]) => void;
}

interface SingleProps extends QueueSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
}

function useQueueCollection(queues: QueueOption[]) {
  return useMemo(
    () => createListCollection({ items: queues, itemToString: (q) => q.name, itemToValue: (q) => q.id }),
    [queues],
  );
}

function QueueDot({ color }: { color?: string }) {
  return <Box boxSize="2.5" rounded="full" bg={color ?? 'gray.400'} flexShrink={0} />;
}

/** Rendered without a Portal: inside a dialog the positioner must stay in the dialog's layer. */
function QueueSelectBody({
  collection,
  placeholder,
}: {
  collection: ReturnType<typeof useQueueCollection>;
  placeholder: string;
}) {
  return (
    <>
      <Select.HiddenSelect />
      <Select.Control>
        <Select.Trigger>
          <Select.ValueText placeholder={placeholder} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.ClearTrigger />
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {collection.items.map((queue) => (
            <Select.Item item={queue} key={queue.id}>
              <HStack gap="2">
                <QueueDot color={queue.color} />
                <Text>{queue.name}</Text>
              </HStack>
              <Select.ItemIndicator />
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
    </>
  );
}

export function QueueMultiSelect({ queues, value, onChange, placeholder, invalid, disabled, ...rest }: MultiProps) {
  const collection = useQueueCollection(queues);
  return (
    <Select.Root
      multiple
      collection={collection}
      value={value}
      onValueChange={(details) => onChange(details.value)}
      invalid={invalid}
      disabled={disabled}
      aria-label={rest['aria-label']}
    >
      <QueueSelectBody collection={collection} placeholder={placeholder} />
    </Select.Root>
  );
}

export function QueueSingleSelect({ queues, value, onChange, placeholder, invalid, disabled, ...rest }: SingleProps) {
  const collection = useQueueCollection(queues);
  return (
    <Select.Root
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => onChange(details.value[0] ?? null)}
      invalid={invalid}
      disabled={disabled}
      aria-label={rest['aria-label']}
    >
      <QueueSelectBody collection={collection} placeholder={placeholder} />
    </Select.Root>
  );
}
