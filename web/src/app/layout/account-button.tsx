import { Avatar, Box, Button, Text, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown } from 'react-icons/lu';
import { useSession } from '@/hooks/use-session';
import { initials } from '@/lib/initials';

/** The account menu's button (the user's initials and name): its trigger, and its stand-in until the menu's code arrives. */
export function AccountButton(props: ButtonProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Button variant="ghost" colorPalette="gray" size="sm" px="1.5" aria-label={t('topbar.account')} {...props}>
      <Avatar.Root size="xs" colorPalette="brand" variant="solid">
        <Avatar.Fallback>{initials(user?.name)}</Avatar.Fallback>
      </Avatar.Root>
      <Text as="span" display={{ base: 'none', md: 'inline' }} maxW="40" truncate fontWeight="medium">
        {user?.name}
      </Text>
      <Box as="span" display={{ base: 'none', md: 'inline' }} color="fg.muted">
        <LuChevronDown />
      </Box>
    </Button>
  );
}
