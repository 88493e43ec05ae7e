import { useEffect, useRef, useState } from 'react';
import { Avatar, Box, Center, Flex, HStack, IconButton, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuFileWarning, LuPaperclip, LuPencil, LuSendHorizontal, LuSmartphone, LuStore, LuX } from 'react-icons/lu';
import { notify } from '@/lib/toaster';
import {
  fileToBase64,
  useCustomerMessageAction,
  useSendAsCustomer,
  useSimConversation,
  type SimMessage,
} from '../api/simulator-api';
import { MessageBubble } from './message-bubble';
import { StagedFile } from './staged-file';

/** The control API refuses bodies over 20 MB; base64 grows a file by a third. */
const MAX_FILE_BYTES = 14 * 1024 * 1024;
/** A stand-in for a document too large to upload here: a tiny PDF that claims 2 GB (WhatsApp's document limit). */
const LARGE_DOCUMENT = {
  fileName: 'contrato-digitalizado.pdf',
  mimetype: 'application/pdf',
  base64: btoa('%PDF-1.4\n%simulated\n'),
  sizeBytes: 2 * 1024 ** 3,
};

export interface PhoneChatProps {
  connectionId: string | null;
  number: string | null;
  /** The business as the customer sees it: connection name and number. */
  businessName: string;
  businessNumber: string | null;
  /** The session host's inbound file limit (files over it reach the console without the file). */
  maxInboundMediaBytes?: number;
}

function PhoneFrame({ children }: { children: React.ReactNode }) {
  return (
    <Box
      w="full"
      maxW="400px"
      h="full"
      maxH="760px"
      minH="480px"
      mx="auto"
      p="2.5"
      rounded="44px"
      bg="#1b1f24"
      shadow="0 24px 60px -20px rgba(0,0,0,.45), inset 0 0 0 2px #3a4048"
      position="relative"
      data-testid="sim-phone"
    >
      <Box
        position="absolute"
        top="4"
        left="50%"
        transform="translateX(-50%)"
        w="24"
        h="6"
        rounded="full"
        bg="black"
        zIndex="1"
      />
      <Flex direction="column" h="full" rounded="36px" overflow="hidden" bg={{ _light: '#efeae2', _dark: '#0b141a' }}>
        {children}
      </Flex>
    </Box>
  );
}

/** A round icon button beside the message field (attach, send a simulated large document). */
function ComposerAction({
  label,
  testId,
  disabled,
  onClick,
  children,
}: {
  label: string;
  testId?: string;
  disabled: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <IconButton
      variant="ghost"
      rounded="full"
      size="sm"
      color="fg.muted"
      aria-label={label}
      title={label}
      disabled={disabled}
      data-testid={testId}
      onClick={onClick}
    >
      {children}
    </IconButton>
  );
}

/** Right column: the customer's phone, chatting with the business. Polls ~1 s for replies and acks. */
export function PhoneChat({ connectionId, number, businessName, businessNumber, maxInboundMediaBytes }: PhoneChatProps) {
  const { t } = useTranslation('simulator');
  const conversation = useSimConversation(connectionId, number);
  const send = useSendAsCustomer(connectionId, number);
  const ownAction = useCustomerMessageAction(connectionId, number);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<SimMessage | null>(null);
  /** A picked file waits here for its caption, as on WhatsApp: file and caption go as one message. */
  const [staged, setStaged] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const messages = conversation.data?.messages ?? [];
  const lastId = messages.at(-1)?.id;
  const lastAck = messages.at(-1)?.ack;

  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: 'smooth' });
  }, [lastId, lastAck, number]);

  const ready = connectionId !== null && number !== null;
  useEffect(() => {
    setEditing(null);
    setStaged(null);
  }, [connectionId, number]);

  const startEdit = (message: SimMessage) => {
    setStaged(null);
    setEditing(message);
    setText(message.text);
  };
  const cancelEdit = () => {
    setEditing(null);
    setText('');
  };
  const deleteMessage = (message: SimMessage) =>
    ownAction.mutate({ messageId: message.id }, { onError: (error) => notify.error(error.message) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!ready || send.isPending) return;
    if (staged) return void sendFile(staged, body);
    if (!body) return;
    if (editing) {
      ownAction.mutate({ messageId: editing.id, text: body }, { onError: (error) => notify.error(error.message) });
      cancelEdit();
      return;
    }
    setText('');
    send.mutate({ text: body }, { onError: (error) => (notify.error(error.message), setText(body)) });
  };

  const pickFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!ready || !file) return;
    if (file.size > MAX_FILE_BYTES) return void notify.error(t('chat.tooLarge'));
    setStaged(file);
  };

  /** The file with the caption typed beside it: one message, one bubble. */
  const sendFile = async (file: File, caption: string) => {
    setStaged(null);
    setText('');
    try {
      const base64 = await fileToBase64(file);
      await send.mutateAsync({
        media: { fileName: file.name, mimetype: file.type || 'application/octet-stream', base64 },
        ...(caption ? { text: caption } : {}),
      });
    } catch (error) {
      setStaged(file);
      setText(caption);
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <PhoneFrame>
      {/* status bar + chat header */}
      <Box bg={{ _light: '#008069', _dark: '#202c33' }} color="white" pt="9" pb="2.5" px="4">
        <HStack gap="3">
          <Avatar.Root size="sm" bg="whiteAlpha.300" color="white">
            <Avatar.Fallback>
              <LuStore />
            </Avatar.Fallback>
          </Avatar.Root>
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" textStyle="sm" truncate data-testid="sim-chat-title">
              {ready ? businessName : t('chat.title')}
            </Text>
            <Text textStyle="2xs" opacity={0.85} truncate>
              {ready ? (businessNumber ? `+${businessNumber}` : t('chat.business')) : t('chat.subtitle')}
            </Text>
          </Stack>
        </HStack>
      </Box>

      {/* conversation */}
      <Stack
        ref={scroller}
        flex="1"
        overflowY="auto"
        gap="1.5"
        px="3"
        py="3"
        css={{
          backgroundImage:
            'radial-gradient(rgba(0,0,0,.045) 1px, transparent 1px), radial-gradient(rgba(0,0,0,.03) 1px, transparent 1px)',
          backgroundSize: '22px 22px, 22px 22px',
          backgroundPosition: '0 0, 11px 11px',
        }}
        data-testid="sim-conversation"
      >
        {!ready ? (
          <Center flex="1" flexDirection="column" gap="3" color="fg.muted" textAlign="center" px="6">
            <LuSmartphone size={40} />
            <Text textStyle="sm">{t('chat.selectContact')}</Text>
          </Center>
        ) : conversation.isPending ? (
          <Center flex="1">
            <Spinner color="brand.solid" />
          </Center>
        ) : messages.length === 0 ? (
          <Center flex="1">
            <Text
              textStyle="xs"
              bg={{ _light: '#ffeecd', _dark: '#1d282f' }}
              color={{ _light: '#54656f', _dark: '#ffd279' }}
              px="3"
              py="1.5"
              rounded="md"
              textAlign="center"
              maxW="64"
            >
              {t('chat.empty')}
            </Text>
          </Center>
        ) : (
          messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              maxInboundMediaBytes={maxInboundMediaBytes}
              onEdit={startEdit}
              onDelete={deleteMessage}
            />
          ))
        )}
      </Stack>

      {/* composer */}
      {editing ? (
        <HStack gap="2" px="3" py="1.5" bg={{ _light: '#f0f2f5', _dark: '#202c33' }} borderTopWidth="1px" textStyle="xs">
          <LuPencil />
          <Text flex="1" truncate color="fg.muted">
            {t('chat.editing')}: {editing.text}
          </Text>
          <IconButton size="2xs" variant="ghost" aria-label={t('contacts.cancel')} onClick={cancelEdit}>
            <LuX />
          </IconButton>
        </HStack>
      ) : null}
      {staged ? <StagedFile file={staged} onRemove={() => setStaged(null)} /> : null}
      <form onSubmit={submit}>
        <HStack gap="1.5" px="2" py="2" bg={{ _light: '#f0f2f5', _dark: '#202c33' }}>
          <input
            ref={fileInput}
            type="file"
            hidden
            data-testid="sim-file"
            accept="image/*,audio/*,video/*,application/pdf,.doc,.docx,.xls,.xlsx,.txt,.zip"
            onChange={(e) => pickFile(e.target.files?.[0])}
          />
          <ComposerAction
            label={t('chat.attach')}
            disabled={!ready || send.isPending || editing !== null}
            onClick={() => fileInput.current?.click()}
          >
            <LuPaperclip />
          </ComposerAction>
          <ComposerAction
            label={t('chat.largeDocument')}
            testId="sim-large-document"
            disabled={!ready || send.isPending || editing !== null}
            onClick={() =>
              send.mutate(
                { media: LARGE_DOCUMENT, ...(text.trim() ? { text: text.trim() } : {}) },
                { onSuccess: () => setText(''), onError: (error) => notify.error(error.message) },
              )
            }
          >
            <LuFileWarning />
          </ComposerAction>
          <Input
            flex="1"
            size="sm"
            rounded="full"
            bg={{ _light: 'white', _dark: '#2a3942' }}
            border="none"
            placeholder={staged ? t('chat.captionPlaceholder') : t('chat.placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            disabled={!ready}
            data-testid="sim-input"
          />
          <IconButton
            type="submit"
            rounded="full"
            size="sm"
            bg="#00a884"
            color="white"
            _hover={{ bg: '#008f72' }}
            aria-label={t('chat.send')}
            disabled={!ready || (!text.trim() && !staged)}
            loading={send.isPending}
            data-testid="sim-send"
          >
            {editing ? <LuCheck /> : <LuSendHorizontal />}
          </IconButton>
        </HStack>
      </form>
    </PhoneFrame>
  );
}
