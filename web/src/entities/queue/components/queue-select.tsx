import { Select } from '@chakra-ui/react';
import { PickSelectBody, usePickCollection } from '@/components/pick-select';
import type { QueueOption } from '../api/queue-options';

/**
 * THE queue picker (user, connection and contact forms, and the queue fields to come): Chakra's Select
 * over the company's queues, each with its colour (grey without one). Multi for "queues served/seen",
 * single for one target.
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

const NO_COLOUR = 'gray.400';

export function QueueMultiSelect({ queues, value, onChange, placeholder, invalid, disabled, ...rest }: MultiProps) {
  const collection = usePickCollection(queues);
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
      <PickSelectBody collection={collection} placeholder={placeholder} dotFallback={NO_COLOUR} />
    </Select.Root>
  );
}

export function QueueSingleSelect({ queues, value, onChange, placeholder, invalid, disabled, ...rest }: SingleProps) {
  const collection = usePickCollection(queues);
  return (
    <Select.Root
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => onChange(details.value[0] ?? null)}
      invalid={invalid}
      disabled={disabled}
      aria-label={rest['aria-label']}
    >
      <PickSelectBody collection={collection} placeholder={placeholder} dotFallback={NO_COLOUR} />
    </Select.Root>
  );
}
