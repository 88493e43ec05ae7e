import { Select } from '@chakra-ui/react';
import { PickSelectBody, usePickCollection, type PickItem } from '@/components/pick-select';

interface MultiPickProps {
  items: PickItem[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder: string;
  label: string;
  testId?: string;
}

/** A compact multi-select for the search tab's tag and user filters (the shared pick list, no dot without a colour). */
export function MultiPick({ items, value, onChange, placeholder, label, testId }: MultiPickProps) {
  const collection = usePickCollection(items);
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
      <PickSelectBody collection={collection} placeholder={placeholder} triggerLabel={label} />
    </Select.Root>
  );
}
