import { Box, Flex, HStack, IconButton, Popover, Portal, Spinner, Switch, Text, Textarea } from '@chakra-ui/react';
import { signatureForced } from '@atende/shared';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMic, LuPaperclip, LuSend, LuSmile, LuSquare, LuX } from 'react-icons/lu';
import { notify } from '@/lib/toaster';
import { useQuickMessages } from '../../api/lookups';
import { useSendMessage } from '../../api/messages';
import type { Message } from '../../api/types';
import { audioFileName, useAudioRecorder } from '../../hooks/use-audio-recorder';
import { useViewer } from '../../hooks/use-viewer';
import { acceptAttachments, type AttachmentIssue } from '@/lib/attachments';
import {
  isKeepableAudio,
  isSendableText,
  quickReplySuggestions,
  readSignOption,
  type QuickReplySuggestion,
  writeSignOption,
} from '../../lib/input-rules';
import { attemptFor, type SendAttempt } from '../../lib/send-attempts';
import { AttachmentChips, ReplyBar } from './composer-extras';
import { QUICK_REPLIES_ID, QuickReplies, quickReplyOptionId } from './quick-replies';
import { useQuickReplyKeys } from './use-quick-reply-keys';

const EmojiGrid = lazy(() => import('./emoji-picker'));

interface MessageInputProps {
  ticketId: string;
  /** False while the ticket is pending or closed (spec part 1 §4). */
  enabled: boolean;
  replyingTo: Message | null;
  onCancelReply: () => void;
}

/** Text, emoji, attachments, voice notes, '/' quick replies and the signature switch (spec part 1 §5, §6). */
export function MessageInput({ ticketId, enabled, replyingTo, onCancelReply }: MessageInputProps) {
  const { t } = useTranslation('tickets');
  const { viewer, settings, companyId } = useViewer();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  /** The picked quick reply's files (already in storage), sent with the next message. */
  const [quickMedias, setQuickMedias] = useState<QuickReplySuggestion['medias']>([]);
  const [signOption, setSignOption] = useState(readSignOption);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  /** A send is on its way: a second click or Enter before React re-renders sends nothing. */
  const sending = useRef(false);
  /** The last send that failed: sending the same draft again retries it under the same key. */
  const failed = useRef<SendAttempt | null>(null);
  const send = useSendMessage(ticketId);
  const recorder = useAudioRecorder();
  const quickMessages = useQuickMessages(viewer?.userId, companyId ?? undefined);
  const forced = viewer ? signatureForced(viewer, settings) : false;
  const sign = forced || signOption;
  const suggestions = useMemo(() => quickReplySuggestions(body, quickMessages.data ?? []), [body, quickMessages.data]);
  const pickQuickReply = (suggestion: QuickReplySuggestion) => {
    setBody(suggestion.message);
    setQuickMedias(suggestion.medias);
    textarea.current?.focus();
  };
  const quickKeys = useQuickReplyKeys(body, suggestions, pickQuickReply);
  // Choosing "Responder" puts the caret here, as WhatsApp does. The message's menu gives the focus back
  // to its own button as it closes (in a microtask); the next frame comes after that.
  useEffect(() => {
    if (!replyingTo) return;
    const frame = requestAnimationFrame(() => textarea.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [replyingTo]);
  const activeSuggestion = quickKeys.shown[quickKeys.active];

  const tellIssues = (issues: AttachmentIssue[]) => {
    for (const issue of issues) notify.warning(t(`attachments.${issue.kind}`, { name: 'name' in issue ? issue.name : '' }));
  };

  const submit = async (outgoing: { body: string; files?: File[]; voiceNote?: boolean }) => {
    if (sending.current) return;
    sending.current = true;
    const previous = { body, files, replyingTo };
    const attempt = attemptFor(failed.current, {
      ticketId,
      body: outgoing.body,
      files: outgoing.files ?? [],
      quotedId: replyingTo?.id ?? null,
      sign,
      voiceNote: outgoing.voiceNote === true,
    });
    failed.current = null;
    setBody('');
    setFiles([]);
    const stored = outgoing.voiceNote ? [] : quickMedias;
    try {
      await send.mutateAsync({ ...outgoing, quotedMsg: previous.replyingTo, sign, attempt, storedMedias: stored });
      if (stored.length) setQuickMedias([]);
      // The quote stays until the send went through, so a retry replies to the same message.
      if (previous.replyingTo) onCancelReply();
    } catch (error) {
      failed.current = attempt;
      setBody(previous.body);
      setFiles(previous.files);
      notify.error(error);
    } finally {
      sending.current = false;
    }
  };

  const sendCurrent = () => {
    if (!enabled || sending.current || send.isPending) return;
    if (files.length > 0 || quickMedias.length > 0) return void submit({ body: body.trim(), files });
    if (!isSendableText(body)) return;
    void submit({ body: body.trim() });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (quickKeys.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      sendCurrent();
    }
  };

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const { accepted, issues } = acceptAttachments(files, [...list]);
    tellIssues(issues);
    if (accepted.length) setFiles((current) => [...current, ...accepted]);
    if (fileInput.current) fileInput.current.value = '';
  };

  const startRecording = async () => {
    try {
      await recorder.start();
    } catch {
      notify.warning(t('input.micDenied'));
    }
  };

  const finishRecording = async () => {
    const blob = await recorder.stop();
    if (!blob) return;
    // Under 10,000 bytes a recording is a slip of the finger: dropped (spec part 1 §5).
    if (!isKeepableAudio(blob)) return void notify.warning(t('input.audioTooShort'));
    const file = new File([blob], audioFileName(blob), { type: blob.type });
    void submit({ body: '', files: [file], voiceNote: true });
  };

  const toggleSign = (checked: boolean) => {
    setSignOption(checked);
    writeSignOption(checked);
  };

  const hasContent = isSendableText(body) || files.length > 0 || quickMedias.length > 0;
  return (
    <Box bg="bg.panel" borderTopWidth="1px" borderColor="border" data-testid="message-input">
      {replyingTo ? <ReplyBar message={replyingTo} onCancel={onCancelReply} /> : null}
      <QuickReplies suggestions={quickKeys.shown} active={quickKeys.active} onPick={pickQuickReply} />
      {quickMedias.length ? (
        <HStack px="4" pt="2" gap="2" textStyle="xs" color="fg.muted" data-testid="quick-reply-files">
          <LuPaperclip />
          <Text flex="1" truncate>
            {quickMedias.map((m) => m.fileName).join(', ')}
          </Text>
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={t('input.removeFile', { name: quickMedias.map((m) => m.fileName).join(', ') })}
            onClick={() => setQuickMedias([])}
          >
            <LuX />
          </IconButton>
        </HStack>
      ) : null}
      <AttachmentChips files={files} onRemove={(file) => setFiles((current) => current.filter((f) => f !== file))} />
      <Flex align="flex-end" gap="1" px={{ base: '2', md: '3' }} py="2">
        <Popover.Root
          open={emojiOpen}
          onOpenChange={(d) => setEmojiOpen(d.open)}
          positioning={{ placement: 'top-start' }}
          lazyMount
          unmountOnExit
        >
          <Popover.Trigger asChild>
            <IconButton variant="ghost" size="sm" aria-label={t('input.emoji')} disabled={!enabled || recorder.recording}>
              <LuSmile />
            </IconButton>
          </Popover.Trigger>
          <Portal>
            <Popover.Positioner>
              <Popover.Content w="auto" p="0" overflow="hidden">
                <Suspense fallback={<Spinner m="6" />}>
                  <EmojiGrid onPick={(emoji) => setBody((current) => current + emoji)} />
                </Suspense>
              </Popover.Content>
            </Popover.Positioner>
          </Portal>
        </Popover.Root>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t('input.attach')}
          disabled={!enabled || recorder.recording}
          onClick={() => fileInput.current?.click()}
        >
          <LuPaperclip />
        </IconButton>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept="image/*,audio/*,video/*,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.*,application/vnd.ms-excel,application/vnd.ms-powerpoint,text/plain,text/csv,application/zip"
          onChange={(event) => addFiles(event.target.files)}
          data-testid="file-input"
        />
        {recorder.recording ? (
          <HStack flex="1" h="10" px="3" gap="2" color="red.500" data-testid="recording">
            <Box boxSize="2.5" rounded="full" bg="red.500" animation="pulse 1.2s ease-in-out infinite" />
            <Text textStyle="sm">{t('input.recording')}</Text>
          </HStack>
        ) : (
          <Textarea
            ref={textarea}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={enabled ? t('input.placeholderQuick') : t('input.placeholderDisabled')}
            aria-label={t('input.placeholder')}
            aria-controls={activeSuggestion ? QUICK_REPLIES_ID : undefined}
            aria-activedescendant={activeSuggestion ? quickReplyOptionId(activeSuggestion) : undefined}
            disabled={!enabled}
            autoresize
            maxH="40"
            rows={1}
            size="sm"
            variant="subtle"
            flex="1"
            data-testid="message-textarea"
          />
        )}
        {recorder.recording ? (
          <>
            <IconButton variant="ghost" size="sm" aria-label={t('input.cancelRecording')} onClick={recorder.cancel}>
              <LuX />
            </IconButton>
            <IconButton
              colorPalette="red"
              size="sm"
              aria-label={t('input.stopRecording')}
              onClick={() => void finishRecording()}
            >
              <LuSquare />
            </IconButton>
          </>
        ) : hasContent ? (
          <IconButton
            colorPalette="brand"
            size="sm"
            aria-label={t('input.send')}
            onClick={sendCurrent}
            loading={send.isPending}
            disabled={!enabled}
          >
            <LuSend />
          </IconButton>
        ) : (
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={t('input.record')}
            onClick={() => void startRecording()}
            disabled={!enabled}
          >
            <LuMic />
          </IconButton>
        )}
      </Flex>
      <HStack px="4" pb="2" gap="2">
        <Switch.Root
          size="sm"
          checked={sign}
          disabled={forced || !enabled}
          onCheckedChange={(d) => toggleSign(d.checked)}
          title={forced ? t('input.signatureForced') : undefined}
          data-testid="signature-switch"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label textStyle="xs" color="fg.muted">
            {t('input.signature')}
          </Switch.Label>
        </Switch.Root>
      </HStack>
    </Box>
  );
}
