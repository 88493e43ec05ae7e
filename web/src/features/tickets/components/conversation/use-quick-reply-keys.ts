import { useState, type KeyboardEvent } from 'react';
import type { QuickReplySuggestion } from '../../lib/input-rules';

/**
 * The keyboard of the '/' suggestions (the spec names none; what chat consoles do): ↓ and ↑ move the
 * highlight, Enter or Tab takes the highlighted reply instead of sending the '/' text to the customer,
 * Esc closes the list until the text changes (Enter then sends the text as typed). `onKeyDown` answers
 * whether it handled the key.
 */
export function useQuickReplyKeys(
  body: string,
  suggestions: QuickReplySuggestion[],
  pick: (suggestion: QuickReplySuggestion) => void,
) {
  // Kept with the text it was chosen for: new text starts again at the first suggestion.
  const [cursor, setCursor] = useState({ body, index: 0 });
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const shown = dismissedFor === body ? [] : suggestions;
  const active = cursor.body === body ? Math.min(cursor.index, Math.max(shown.length - 1, 0)) : 0;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (shown.length === 0 || event.nativeEvent.isComposing) return false;
    const move = (step: number) => setCursor({ body, index: (active + step + shown.length) % shown.length });
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) pick(shown[active]!);
    else if (event.key === 'Escape') setDismissedFor(body);
    else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  return { shown, active, onKeyDown };
}
