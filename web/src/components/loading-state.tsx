import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

export function LoadingState({ label, minH = '40' }: { label?: string; minH?: string }) {
  return (
    <Center minH={minH} py="8" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        {label ? (
          <Text color="fg.muted" textStyle="sm">
            {label}
          </Text>
        ) : null}
      </VStack>
    </Center>
  );
}
