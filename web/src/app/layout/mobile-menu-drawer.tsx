import { CloseButton, Drawer, HStack, Portal } from '@chakra-ui/react';
import { BrandLogo } from '@/components/brand-logo';
import { MenuList, type MenuListProps } from './side-menu';

interface MobileMenuDrawerProps extends Omit<MenuListProps, 'collapsed' | 'onNavigate'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The menu on a phone: a drawer from the start edge that closes when an item is chosen. */
export function MobileMenuDrawer({ open, onOpenChange, sections, attention, chatUnread }: MobileMenuDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="280px" bg="bg.panel">
            <Drawer.Header px="5" py="3">
              <HStack justify="space-between" w="full">
                <BrandLogo size={8} />
                <Drawer.CloseTrigger asChild position="static">
                  <CloseButton size="sm" />
                </Drawer.CloseTrigger>
              </HStack>
            </Drawer.Header>
            <Drawer.Body p="0">
              <MenuList
                sections={sections}
                collapsed={false}
                attention={attention}
                chatUnread={chatUnread}
                onNavigate={() => onOpenChange(false)}
              />
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
