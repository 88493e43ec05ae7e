import { Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  description?: string;
  /** Buttons, a search box… aligned to the right (stacked below on phones). */
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'center' }}
      justify="space-between"
      gap="4"
      mb="6"
    >
      <Stack gap="1" minW="0">
        <Heading as="h1" size="xl" fontWeight="semibold" letterSpacing="-0.01em">
          {title}
        </Heading>
        {description ? (
          <Text color="fg.muted" textStyle="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? (
        <HStack gap="3" flexWrap={{ base: 'wrap', sm: 'nowrap' }} css={{ '& > *': { flexGrow: { base: 1, sm: 0 } } }}>
          {actions}
        </HStack>
      ) : null}
    </Flex>
  );
}
