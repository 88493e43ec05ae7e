import { Box, HStack, Text } from '@chakra-ui/react';
import { useId } from 'react';

/** The Atende mark: a speech bubble with two lines of text, on the brand teal. */
export function BrandMark({ size = 8 }: { size?: number | string }) {
  // Unique per instance: a gradient defined inside a hidden copy of the logo would not paint the others.
  const gradientId = `atende-mark-${useId().replace(/:/g, '')}`;
  return (
    <Box as="span" display="inline-flex" boxSize={size} flexShrink={0} aria-hidden>
      <svg viewBox="0 0 64 64" width="100%" height="100%">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#2ab8a3" />
            <stop offset="1" stopColor="#0c7d71" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
        <path
          d="M32 14c-10.5 0-19 7.6-19 17 0 4.6 2 8.8 5.4 11.9L17 51l8.7-4.1c2 .6 4.1.9 6.3.9 10.5 0 19-7.6 19-17S42.5 14 32 14z"
          fill="#fff"
        />
        <path d="M24 30.5h16M24 36.5h10" stroke="#0c7d71" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
    </Box>
  );
}

export function BrandLogo({
  size = 8,
  hideName = false,
  inverted = false,
}: {
  size?: number;
  hideName?: boolean;
  inverted?: boolean;
}) {
  return (
    <HStack gap="2.5" align="center">
      <BrandMark size={size} />
      {hideName ? null : (
        <Text
          as="span"
          fontWeight="bold"
          fontSize={size >= 10 ? '2xl' : 'lg'}
          letterSpacing="-0.02em"
          color={inverted ? 'white' : 'fg'}
        >
          Atende
        </Text>
      )}
    </HStack>
  );
}
