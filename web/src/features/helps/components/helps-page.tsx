import { AspectRatio, Box, Card, Dialog, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { HelpDto } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCirclePlay } from 'react-icons/lu';
import { DialogShell } from '@/components/dialog-shell';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { useHelps } from '../api/helps';
import { HELPS_NS } from '../i18n';

/** A help's video code is a YouTube id (spec part 2 §3 "Help"). */
const youtubeId = (video: string) => (/^[\w-]{6,20}$/.test(video) ? video : null);

/** /helps (spec part 2 "Help videos"): the platform's help videos. */
export function HelpsPage() {
  const { t } = useTranslation(HELPS_NS);
  const helps = useHelps();
  const [playing, setPlaying] = useState<HelpDto | null>(null);

  let content;
  if (helps.isPending) content = <LoadingState />;
  else if (helps.isError) content = <ErrorState error={helps.error} onRetry={() => void helps.refetch()} />;
  else if (helps.data.length === 0) content = <EmptyState title={t('empty')} icon={<LuCirclePlay />} />;
  else
    content = (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {helps.data.map((help) => {
          const id = youtubeId(help.video);
          return (
            <Card.Root
              key={help.id}
              as="button"
              textAlign="start"
              onClick={() => id && setPlaying(help)}
              overflow="hidden"
              data-testid="help-card"
            >
              <AspectRatio ratio={16 / 9} bg="bg.muted">
                {id ? <Image src={`https://i.ytimg.com/vi/${id}/hqdefault.jpg`} alt="" loading="lazy" /> : <Box />}
              </AspectRatio>
              <Card.Body gap="1">
                <Text fontWeight="semibold">{help.title}</Text>
                {help.description ? (
                  <Text fontSize="sm" color="fg.muted">
                    {help.description}
                  </Text>
                ) : null}
              </Card.Body>
            </Card.Root>
          );
        })}
      </SimpleGrid>
    );

  return (
    <Stack gap="5">
      <PageHeader title={t('title')} />
      {content}
      <DialogShell open={!!playing} onClose={() => setPlaying(null)} size="xl" lazyMount unmountOnExit>
        <Dialog.Header>
          <Dialog.Title>{playing?.title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body pb="6">
          {playing ? (
            <AspectRatio ratio={16 / 9}>
              <iframe
                src={`https://www.youtube-nocookie.com/embed/${youtubeId(playing.video)}?autoplay=1`}
                title={playing.title}
                allow="autoplay; encrypted-media; picture-in-picture"
                allowFullScreen
                style={{ border: 0 }}
              />
            </AspectRatio>
          ) : null}
        </Dialog.Body>
      </DialogShell>
    </Stack>
  );
}
