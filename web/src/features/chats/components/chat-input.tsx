import { HStack, IconButton, Textarea } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSendHorizontal } from 'react-icons/lu';
import { CHATS_NS } from '../i18n';

/**
 * The message input (spec part 3 §2): multiline, sent on Enter (Shift+Enter starts a new line) or by
 * the button; an empty or whitespace message is not sent (part 1 §5).
 */
export function ChatInput({ onSend, disabled }: { onSend: (message: string) => void; disabled?: boolean }) {
  const { t } = useTranslation(CHATS_NS);
  const [text, setText] = useState('');
  const send = () => {
    const message = text.trim();
    if (!message || disabled) return;
    onSend(message);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  return (
    <HStack align="end" gap="2" p="3" borderTopWidth="1px" borderColor="border" bg="bg.panel">
      <Textarea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('input.placeholder')}
        aria-label={t('input.placeholder')}
        autoresize
        maxH="40"
        rows={1}
        resize="none"
        data-testid="chat-input"
      />
      <IconButton
        aria-label={t('input.send')}
        title={t('input.send')}
        colorPalette="brand"
        onClick={send}
        disabled={disabled || !text.trim()}
        data-testid="chat-send"
      >
        <LuSendHorizontal />
      </IconButton>
    </HStack>
  );
}
