import { Button, Group } from '@chakra-ui/react';

interface ChoiceGroupProps<T extends string> {
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  /** Prefix of each button's data-testid (`<prefix>-<value>`). */
  testIdPrefix?: string;
}

/**
 * A single choice among a few, as attached toggle buttons (filters). Plain buttons instead of
 * Chakra's SegmentGroup: its recipe would join the first-load theme (decisions.md "Web console: first load").
 */
export function ChoiceGroup<T extends string>({ value, options, onChange, testIdPrefix }: ChoiceGroupProps<T>) {
  return (
    <Group attached role="radiogroup">
      {options.map((option) => (
        <Button
          key={option.value}
          size="sm"
          variant={option.value === value ? 'solid' : 'outline'}
          role="radio"
          aria-checked={option.value === value}
          onClick={() => onChange(option.value)}
          data-testid={testIdPrefix ? `${testIdPrefix}-${option.value}` : undefined}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
