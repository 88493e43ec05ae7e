import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '@/lib/i18n';

/** A labelled field with the translated rule message under it; `disabled` reaches the control inside. */
export function FormField({
  label,
  error,
  required,
  disabled,
  children,
}: {
  label: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      <Field.ErrorText>{translateMessage(error)}</Field.ErrorText>
    </Field.Root>
  );
}

export function Select({ children, ...props }: React.ComponentProps<typeof NativeSelect.Field>) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...props}>{children}</NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * A yes/no choice bound to a boolean field of a react-hook-form form. `falseFirst` lists the "no"
 * option first, where off is the usual answer.
 */
export function BooleanSelect<T extends FieldValues>({
  control,
  name,
  trueLabel,
  falseLabel,
  falseFirst = false,
  ...props
}: {
  control: Control<T>;
  name: Path<T>;
  trueLabel: string;
  falseLabel: string;
  falseFirst?: boolean;
} & Omit<React.ComponentProps<typeof NativeSelect.Field>, 'value' | 'onChange' | 'name'>) {
  const yes = <option value="true">{trueLabel}</option>;
  const no = <option value="false">{falseLabel}</option>;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select {...props} value={String(field.value)} onChange={(e) => field.onChange(e.currentTarget.value === 'true')}>
          {falseFirst ? no : yes}
          {falseFirst ? yes : no}
        </Select>
      )}
    />
  );
}
