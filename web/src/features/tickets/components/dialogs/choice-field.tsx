import { Field, NativeSelect } from '@chakra-ui/react';

export interface Choice {
  id: string;
  name: string;
}

interface ChoiceFieldProps {
  label: string;
  placeholder: string;
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  testId?: string;
}

/** A labelled native select: quick on phones, and readable by tests and screen readers alike. */
export function ChoiceField({ label, placeholder, choices, value, onChange, error, required, testId }: ChoiceFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)} data-testid={testId}>
          <option value="">{placeholder}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
