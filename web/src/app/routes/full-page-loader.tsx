import { Center, Spinner, VStack } from '@chakra-ui/react';
import { BrandMark } from '@/components/brand-logo';

export function FullPageLoader() {
  return (
    <Center minH="100dvh" bg="bg.canvas">
      <VStack gap="5">
        <BrandMark size={12} />
        <Spinner size="md" color="brand.solid" />
      </VStack>
    </Center>
  );
}
