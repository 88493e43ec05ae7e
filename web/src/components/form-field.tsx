import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { translateMessage } from '@/lib/i18n';

/** A labelled field with the translated rule message under it. */
export function FormField({
  label,
  error,
  required,
  children,
}: {
  label: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} required={required}>
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
