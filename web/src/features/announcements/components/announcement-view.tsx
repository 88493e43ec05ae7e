import { Dialog, Image, Stack, Text } from '@chakra-ui/react';
import type { AnnouncementDto } from '@atende/shared';
import { DialogShell } from '@/components/dialog-shell';
import { formatDateTime } from '@/lib/format';

/** The dialog an announcement opens in: title, image and text. */
export function AnnouncementView({ announcement, onClose }: { announcement: AnnouncementDto | null; onClose: () => void }) {
  return (
    <DialogShell open={!!announcement} onClose={onClose} size="md" scrollBehavior="inside">
      <Dialog.Header>
        <Dialog.Title>{announcement?.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body pb="6">
        <Stack gap="3">
          {announcement?.mediaUrl ? (
            <Image src={announcement.mediaUrl} alt="" borderRadius="md" maxH="72" objectFit="contain" />
          ) : null}
          <Text whiteSpace="pre-wrap">{announcement?.text}</Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(announcement?.createdAt)}
          </Text>
        </Stack>
      </Dialog.Body>
    </DialogShell>
  );
}
