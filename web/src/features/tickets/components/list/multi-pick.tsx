import { Box, createListCollection, HStack, Select, Text } from '@chakra-ui/react';
import { useMemo } from 'react';

export interface PickItem {
  id: string;
  name: string;
  color?: string;
}

interface MultiPickProps {
  items: PickItem[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder: string;
  label: string;
  testId?: string;
}

/** A compact multi-select for the search tab's tag and user filters. */
export function MultiPick({ items, value, onChange, placeholder, label, testId }: MultiPickProps) {
  const collection = useMemo(
    () => createListCollection({ items, itemToString: (item) => item.name, itemToValue: (item) => item.id }),
    [items],
  );
  return (
    <Select.Root
      multiple
      size="sm"
      collection={collection}
      value={value}
      onValueChange={(details) => onChange(details.value)}
      aria-label={label}
      data-testid={testId}
      flex="1"
      minW="0"
    >
      <Select.HiddenSelect />
      <Select.Control>
        <Select.Trigger aria-label={label}>
          <Select.ValueText placeholder={placeholder} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.ClearTrigger />
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {collection.items.map((item) => (
            <Select.Item item={item} key={item.id}>
              <HStack gap="2">
                {item.color ? <Box boxSize="2.5" rounded="full" bg={item.color} flexShrink={0} /> : null}
                <Text>{item.name}</Text>
              </HStack>
              <Select.ItemIndicator />
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
    </Select.Root>
  );
}
