import { Box, createListCollection, HStack, Select, Text, type ListCollection } from '@chakra-ui/react';
import { useMemo } from 'react';

/** One choice of a pick list: a name and, when it has one, a colour (a queue's, a tag's). */
export interface PickItem {
  id: string;
  name: string;
  color?: string;
}

/** The Select's collection over `items`: chosen by id, shown by name. */
export function usePickCollection<T extends PickItem>(items: T[]): ListCollection<T> {
  return useMemo(
    () => createListCollection({ items, itemToString: (item) => item.name, itemToValue: (item) => item.id }),
    [items],
  );
}

interface PickSelectBodyProps<T extends PickItem> {
  collection: ListCollection<T>;
  placeholder: string;
  /** The trigger's own aria-label. */
  triggerLabel?: string;
  /** The dot of an item without a colour; without it, such an item shows no dot. */
  dotFallback?: string;
}

/**
 * What goes inside a `Select.Root` of named, coloured choices, single or multiple (the queue pickers,
 * the ticket search's filters): the trigger with its clear and open indicators, then the list, each
 * choice with its colour dot and a tick when chosen. Rendered without a Portal: inside a dialog the
 * positioner must stay in the dialog's layer.
 */
export function PickSelectBody<T extends PickItem>({
  collection,
  placeholder,
  triggerLabel,
  dotFallback,
}: PickSelectBodyProps<T>) {
  return (
    <>
      <Select.HiddenSelect />
      <Select.Control>
        <Select.Trigger aria-label={triggerLabel}>
          <Select.ValueText placeholder={placeholder} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.ClearTrigger />
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {collection.items.map((item) => {
            const dot = item.color ?? dotFallback;
            return (
              <Select.Item item={item} key={item.id}>
                <HStack gap="2">
                  {dot ? <Box boxSize="2.5" rounded="full" bg={dot} flexShrink={0} /> : null}
                  <Text>{item.name}</Text>
                </HStack>
                <Select.ItemIndicator />
              </Select.Item>
            );
          })}
        </Select.Content>
      </Select.Positioner>
    </>
  );
}
