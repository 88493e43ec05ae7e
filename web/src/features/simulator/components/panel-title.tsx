import { Badge, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function PanelTitle({ title, count, action }: { title: string; count?: number; action?: ReactNode }) {
  return (
    <HStack justify="space-between" px="1" minH="8">
      <HStack gap="2">
        <Text textStyle="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.muted">
          {title}
        </Text>
        {count !== undefined ? (
          <Badge size="sm" variant="surface" rounded="full">
            {count}
          </Badge>
        ) : null}
      </HStack>
      {action}
    </HStack>
  );
}
