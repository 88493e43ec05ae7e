import { HStack, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuBan } from 'react-icons/lu';

/** What a deleted message shows instead of its content: a ban sign and the screen's "deleted" text. */
export function DeletedMessage({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <HStack gap="1.5" color="fg.muted" fontStyle="italic" textStyle="sm" data-testid={testId}>
      <LuBan /> {children}
    </HStack>
  );
}

/**
 * The row at a bubble's foot: markers (edited), the time and the ticks. The props place it at the end
 * and give its colour.
 */
export function MessageMeta({ children, ...rest }: StackProps) {
  return (
    <HStack gap="1" {...rest} textStyle="2xs" lineHeight="1">
      {children}
    </HStack>
  );
}
