import { Center } from '@chakra-ui/react';

/** The conversation side before a ticket is chosen (its own module: the conversation loads with a ticket). */
export function WelcomePanel({ children }: { children: React.ReactNode }) {
  return (
    <Center h="full" bg="bg.subtle" px="6">
      {children}
    </Center>
  );
}
