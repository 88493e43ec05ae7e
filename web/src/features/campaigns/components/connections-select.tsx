import { createListCollection, Select } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { CampaignOption } from '../api/campaign-lookups';

interface ConnectionsSelectProps {
  connections: CampaignOption[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder: string;
  label: string;
  invalid?: boolean;
  disabled?: boolean;
}

/** The campaign's connections (several: the shippings are spread over them). No Portal: it lives in a dialog. */
export function ConnectionsSelect({
  connections,
  value,
  onChange,
  placeholder,
  label,
  invalid,
  disabled,
}: ConnectionsSelectProps) {
  const collection = useMemo(
    () => createListCollection({ items: connections, itemToString: (c) => c.name, itemToValue: (c) => c.id }),
    [connections],
  );
  return (
    <Select.Root
      multiple
      collection={collection}
      value={value}
      onValueChange={(details) => onChange(details.value)}
      invalid={invalid}
      disabled={disabled}
      aria-label={label}
      data-testid="campaign-connections"
    >
      <Select.HiddenSelect />
      <Select.Control>
        <Select.Trigger>
          <Select.ValueText placeholder={placeholder} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {collection.items.map((connection) => (
            <Select.Item item={connection} key={connection.id}>
              {connection.name}
              <Select.ItemIndicator />
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
    </Select.Root>
  );
}
