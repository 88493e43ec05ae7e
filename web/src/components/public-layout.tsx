import { Box, Flex, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCalendarClock, LuMessagesSquare, LuUsers } from '@/components/sign-in-icons';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageMenu } from '@/components/language-menu';

/**
 * True while the sign-in page is prerendered at build time (app/sign-in-prerender.tsx): the wide
 * screens' brand panel is left empty there (its size does not depend on its content, so nothing
 * moves when the app fills it) to keep index.html small (decisions.md "Sign-in first paint (Lighthouse)").
 */
export const PrerenderContext = createContext(false);

/** Public pages (sign-in, sign-up, outbox): a brand panel on wide screens, the form alone on phones. */
export function PublicLayout({ children, maxW = 'sm' }: { children: ReactNode; maxW?: string }) {
  const prerender = useContext(PrerenderContext);
  return (
    <Flex minH="100dvh" bg="bg.canvas">
      <Flex
        display={{ base: 'none', lg: 'flex' }}
        direction="column"
        justify="space-between"
        w="44%"
        maxW="640px"
        p="12"
        color="white"
        position="relative"
        overflow="hidden"
        bgImage="linear-gradient(150deg, #0e645b 0%, #0c7d71 45%, #129c8a 100%)"
      >
        {prerender ? null : <BrandPanelContent />}
      </Flex>
      <Flex flex="1" direction="column" minW="0">
        <HStack justify="space-between" px={{ base: '5', md: '8' }} py="4">
          <Box display={{ base: 'block', lg: 'none' }}>
            <BrandLogo size={8} />
          </Box>
          <Box flex="1" />
          <LanguageMenu />
        </HStack>
        <Flex flex="1" align="center" justify="center" px={{ base: '5', md: '8' }} pb="16">
          <Box w="full" maxW={maxW}>
            {children}
          </Box>
        </Flex>
      </Flex>
    </Flex>
  );
}

function BrandPanelContent() {
  const { t } = useTranslation();
  const points = [
    { icon: <LuUsers />, text: t('publicPage.heroPoints.queues') },
    { icon: <LuMessagesSquare />, text: t('publicPage.heroPoints.realtime') },
    { icon: <LuCalendarClock />, text: t('publicPage.heroPoints.campaigns') },
  ];
  return (
    <>
      <Box
        position="absolute"
        inset="0"
        opacity="0.18"
        bgImage="radial-gradient(circle at 20% 20%, rgba(255,255,255,0.55) 0, transparent 40%), radial-gradient(circle at 85% 75%, rgba(255,255,255,0.35) 0, transparent 45%)"
        pointerEvents="none"
      />
      <Box position="relative">
        <BrandLogo size={10} inverted />
      </Box>
      <Stack gap="8" position="relative" maxW="md">
        <Heading size="3xl" lineHeight="1.15" letterSpacing="-0.02em" color="white">
          {t('publicPage.heroTitle')}
        </Heading>
        <List.Root gap="4" variant="plain">
          {points.map((point) => (
            <List.Item key={point.text} alignItems="center" gap="3" fontSize="md" color="whiteAlpha.900">
              <Flex
                boxSize="9"
                borderRadius="lg"
                bg="whiteAlpha.200"
                align="center"
                justify="center"
                flexShrink={0}
                fontSize="lg"
              >
                {point.icon}
              </Flex>
              {point.text}
            </List.Item>
          ))}
        </List.Root>
      </Stack>
      <Text position="relative" fontSize="sm" color="whiteAlpha.800">
        © {new Date().getFullYear()} Atende
      </Text>
    </>
  );
}
