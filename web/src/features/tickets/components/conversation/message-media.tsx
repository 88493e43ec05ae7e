import { Box, HStack, Icon, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuFileText, LuMapPin, LuUserRound } from 'react-icons/lu';
import { useFormatPhone } from '@/hooks/use-format-phone';
import type { Message } from '../../api/types';

/** A vCard's display name and first number (WhatsApp contact cards travel as vCard text). */
export function parseVcard(body: string): { name: string; number: string } {
  const name = /^FN[^:]*:(.*)$/m.exec(body)?.[1]?.trim() ?? '';
  const tel = /^(?:item\d+\.)?TEL[^:]*:(.*)$/m.exec(body)?.[1]?.trim() ?? '';
  return { name, number: tel };
}

/** A location arrives as "thumbnail|link" or as "lat,lng"; either way we offer a map link. */
export function parseLocation(body: string): { href: string | null; thumbnail: string | null } {
  const [first, second] = body.split('|');
  if (second && /^https?:/.test(second)) return { href: second, thumbnail: first?.startsWith('data:image') ? first : null };
  const coords = /(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)/.exec(body);
  if (coords) return { href: `https://maps.google.com/maps?q=${coords[1]}%2C${coords[2]}&z=17`, thumbnail: null };
  return { href: /^https?:/.test(body) ? body : null, thumbnail: null };
}

/** `<ulid>-<name>`, the last segment of a stored file's key: never shown as such. */
const STORED_NAME = /^[0-9A-HJKMNP-TV-Z]{26}-(.+)$/;

/**
 * The name the sender gave the file (`mediaName`). Without one, a one-line body (older documents
 * carried their name there), else the link's last segment without the storage prefix.
 */
function fileNameOf(message: Pick<Message, 'mediaName' | 'body' | 'mediaUrl'>): string {
  if (message.mediaName?.trim()) return message.mediaName.trim();
  if (message.body && !message.body.includes('\n') && message.body.length < 120) return message.body;
  try {
    const last = decodeURIComponent(new URL(message.mediaUrl ?? '').pathname.split('/').pop() ?? '');
    return STORED_NAME.exec(last)?.[1] ?? (last || 'arquivo');
  } catch {
    return 'arquivo';
  }
}

/** Image, audio player, video, document, location and contact card (spec part 1 §2, §3). */
export function MessageMedia({ message }: { message: Message }) {
  const { t } = useTranslation('tickets');
  const formatPhone = useFormatPhone();
  const url = message.mediaUrl ?? undefined;
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return url ? (
        <Link href={url} target="_blank" rel="noreferrer" display="block">
          <Image
            src={url}
            alt={message.body || t('messages.document')}
            rounded="md"
            maxH="72"
            maxW={message.mediaType === 'sticker' ? '32' : 'full'}
            objectFit="cover"
            loading="lazy"
            data-testid="media-image"
          />
        </Link>
      ) : null;
    case 'audio':
      return url ? (
        <audio
          src={url}
          controls
          preload="metadata"
          style={{ width: 260, maxWidth: '100%', height: 40 }}
          data-testid="media-audio"
        />
      ) : null;
    case 'video':
      return url ? (
        <video
          src={url}
          controls
          preload="metadata"
          style={{ borderRadius: 6, maxHeight: 288, width: '100%' }}
          data-testid="media-video"
        />
      ) : null;
    case 'locationMessage': {
      const location = parseLocation(message.body);
      return (
        <Stack gap="1.5" data-testid="media-location">
          {location.thumbnail ? <Image src={location.thumbnail} alt="" rounded="md" maxH="40" objectFit="cover" /> : null}
          <HStack gap="2">
            <Icon color="red.500">
              <LuMapPin />
            </Icon>
            {location.href ? (
              <Link href={location.href} target="_blank" rel="noreferrer" color="brand.fg" textStyle="sm">
                {t('messages.openMap')}
              </Link>
            ) : (
              <Text textStyle="sm">{t('messages.location')}</Text>
            )}
          </HStack>
        </Stack>
      );
    }
    case 'contactMessage': {
      const card = parseVcard(message.body);
      return (
        <HStack
          gap="3"
          bg="blackAlpha.50"
          _dark={{ bg: 'whiteAlpha.100' }}
          rounded="md"
          p="2.5"
          minW="48"
          data-testid="media-contact"
        >
          <Box bg="bg.emphasized" rounded="full" p="2">
            <LuUserRound />
          </Box>
          <Stack gap="0" minW="0">
            <Text fontWeight="medium" truncate>
              {card.name || t('messages.contactCard')}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {formatPhone(card.number)}
            </Text>
          </Stack>
        </HStack>
      );
    }
    case 'document':
    default:
      return url ? (
        <Link
          href={url}
          target="_blank"
          rel="noreferrer"
          download
          bg="blackAlpha.50"
          _dark={{ bg: 'whiteAlpha.100' }}
          rounded="md"
          p="2.5"
          gap="2"
          textStyle="sm"
          maxW="full"
          data-testid="media-document"
        >
          <Icon boxSize="6" color="red.500" flexShrink={0}>
            <LuFileText />
          </Icon>
          <Text truncate flex="1">
            {fileNameOf(message)}
          </Text>
          <Icon flexShrink={0} aria-label={t('messages.download')}>
            <LuDownload />
          </Icon>
        </Link>
      ) : null;
  }
}

/**
 * Whether the body is a caption printed under the media, in the same bubble as WhatsApp shows it:
 * text, images and videos; a document's caption when it has a name of its own (older documents
 * carried their name in the body); never a location or a contact card (their body is the data).
 */
export function showsCaption(message: Message): boolean {
  if (!message.mediaType || message.mediaType === 'image' || message.mediaType === 'video') return true;
  const name = message.mediaType === 'document' ? message.mediaName?.trim() : undefined;
  return !!name && message.body.trim() !== name;
}
