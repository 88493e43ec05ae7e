import { Input, type InputProps } from '@chakra-ui/react';
import type { ChangeEvent, Ref } from 'react';
import { maskInputElement, type Mask } from '@/lib/masks';

/**
 * A Chakra input with a mask (lib/masks.ts), for react-hook-form's `register` as for a plain input:
 * the value is masked in place before `onChange` reads it, so the form holds the masked text.
 */
export function MaskedInput({ mask, onChange, ref, ...props }: InputProps & { mask: Mask; ref?: Ref<HTMLInputElement> }) {
  return (
    <Input
      ref={ref}
      {...props}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        maskInputElement(event.currentTarget, mask);
        onChange?.(event);
      }}
    />
  );
}
