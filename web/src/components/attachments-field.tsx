import { Button, Field, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { LuPaperclip, LuX } from 'react-icons/lu';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { acceptAttachments, type AttachmentIssue } from '@/lib/attachments';
import { ConfirmDialog } from './confirm-dialog';

/** A file already attached on the server; with a `url` its name is a download link. */
export interface AttachedMedia {
  originalName: string;
  mimetype: string;
  size: number;
  url?: string | null;
}

/** The texts, already translated (each owner keeps them in its own namespace). */
export interface AttachmentsFieldLabels {
  title: string;
  attach: string;
  hint: string;
  pending: string;
  removeFile: (name: string) => string;
  /** The confirmation before an attached file is removed, and the toast once it is gone. */
  removeTitle: string;
  removeText: (name: string) => string;
  removeConfirm: string;
  removed: string;
}

export interface AttachmentsFieldProps<M extends AttachedMedia> {
  /** Prefix of the test ids: `<prefix>-attachments`, `-file-input`, `-attached-file`, `-pending-file`. */
  testIdPrefix: string;
  /** The file input's `accept`. */
  accept: string;
  labels: AttachmentsFieldLabels;
  /** Files already attached on the server (removed after a confirmation, by `removeAttached`). */
  attached: M[];
  /** Files picked here, uploaded by the owner when the record is saved. */
  pending: File[];
  onPendingChange: (files: File[]) => void;
  /** Removes an attached file on the server (a mutation's `mutateAsync`, then whatever follows). */
  removeAttached: (media: M) => Promise<unknown>;
  removing: boolean;
  /** Tells the user why a picked file was refused. */
  onIssue: (issue: AttachmentIssue) => void;
  /** The server's refusal of a file, shown under the list. */
  error?: string;
  disabled?: boolean;
}

/**
 * A record's attachment picker (schedules, quick replies): the rules (type, 5 MB, 3 files, no
 * duplicate name) are checked against attached + pending files before anything is uploaded, each
 * refusal told through `onIssue`; attached files are removed after a confirmation.
 */
export function AttachmentsField<M extends AttachedMedia>(props: AttachmentsFieldProps<M>) {
  const { testIdPrefix, labels, attached, pending, onPendingChange, disabled } = props;
  const input = useRef<HTMLInputElement>(null);
  const detach = useDeleteConfirmation<M>({
    remove: props.removeAttached,
    pending: props.removing,
    done: labels.removed,
  });
  const current = [...attached.map((m) => ({ name: m.originalName, size: m.size, type: m.mimetype })), ...pending];

  const pick = (files: FileList | null) => {
    const picked = [...(files ?? [])];
    const { accepted, issues } = acceptAttachments(current, picked);
    for (const issue of issues) props.onIssue(issue);
    // `accepted` holds the very File objects picked
    if (accepted.length) onPendingChange([...pending, ...picked.filter((f) => accepted.includes(f))]);
    if (input.current) input.current.value = '';
  };

  return (
    <>
      <Field.Root invalid={Boolean(props.error)}>
        <Stack gap="2" data-testid={`${testIdPrefix}-attachments`}>
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontWeight="medium" textStyle="sm">
              {labels.title}
            </Text>
            <Button size="xs" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
              <LuPaperclip /> {labels.attach}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={props.accept}
              data-testid={`${testIdPrefix}-file-input`}
              onChange={(event) => pick(event.target.files)}
            />
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            {labels.hint}
          </Text>
          {attached.map((media) => (
            <HStack key={media.originalName} gap="2" data-testid={`${testIdPrefix}-attached-file`}>
              <LuPaperclip />
              {media.url ? (
                <Link href={media.url} target="_blank" rel="noreferrer" flex="1" minW="0" truncate textStyle="sm">
                  {media.originalName}
                </Link>
              ) : (
                <Text flex="1" minW="0" truncate textStyle="sm">
                  {media.originalName}
                </Text>
              )}
              <IconButton
                size="2xs"
                variant="ghost"
                colorPalette="red"
                disabled={disabled}
                aria-label={labels.removeFile(media.originalName)}
                onClick={() => detach.ask(media)}
              >
                <LuX />
              </IconButton>
            </HStack>
          ))}
          {pending.map((file) => (
            <HStack key={file.name} gap="2" data-testid={`${testIdPrefix}-pending-file`}>
              <LuPaperclip />
              <Text flex="1" minW="0" truncate textStyle="sm">
                {file.name}{' '}
                <Text as="span" color="fg.muted">
                  ({labels.pending})
                </Text>
              </Text>
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={labels.removeFile(file.name)}
                onClick={() => onPendingChange(pending.filter((f) => f !== file))}
              >
                <LuX />
              </IconButton>
            </HStack>
          ))}
        </Stack>
        {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
      </Field.Root>
      <ConfirmDialog {...detach.dialog} title={labels.removeTitle} confirmLabel={labels.removeConfirm} destructive>
        {labels.removeText(detach.target?.originalName ?? '')}
      </ConfirmDialog>
    </>
  );
}
