import { useQueryClient } from '@tanstack/react-query';
import { CONTACT_BULK_MAX, type ContactListImportRowResult, type WhatsappCheckState } from '@atende/shared';
import { useCallback, useRef, useState } from 'react';
import { contactListKeys } from '@/entities/contact-list';
import { readSpreadsheet, type SheetRow } from '@/lib/spreadsheet';
import { contactListQuery, importContactListChunk } from '../api/contact-lists-api';
import { worseCheck } from './whatsapp-check-state';

export type ListImportPhase = 'idle' | 'reading' | 'sending' | 'done' | 'failed' | 'full';

export interface ListImportState {
  phase: ListImportPhase;
  total: number;
  sent: number;
  results: ContactListImportRowResult[];
  /** Room the list had when the import began (rows past it are left out: spec part 3 §5). */
  remaining?: number;
  whatsappCheck?: WhatsappCheckState;
  error?: unknown;
}

const IDLE: ListImportState = { phase: 'idle', total: 0, sent: 0, results: [] };

/**
 * A list's spreadsheet import (issue 27 item 2): the browser reads the file, reads the list's room, and
 * posts chunks of CONTACT_BULK_MAX rows in turn, so no request grows with the file. A full list stops
 * before sending ('full'); once the server answers the list is full, the rows not sent are reported as
 * past capacity without sending them. The report holds every row, created or refused with why.
 */
export function useListImport(listId: string) {
  const client = useQueryClient();
  const [state, setState] = useState<ListImportState>(IDLE);
  const cancelled = useRef(false);

  const start = useCallback(
    async (file: File) => {
      cancelled.current = false;
      setState({ ...IDLE, phase: 'reading' });
      let rows: SheetRow[];
      let remaining: number;
      try {
        rows = await readSpreadsheet(file);
        remaining = (await client.fetchQuery({ ...contactListQuery(listId), staleTime: 0 })).remaining;
      } catch (error) {
        setState({ ...IDLE, phase: 'failed', error });
        return;
      }
      if (remaining === 0) {
        setState({ ...IDLE, phase: 'full', total: rows.length, remaining });
        return;
      }
      const results: ContactListImportRowResult[] = [];
      let check: WhatsappCheckState | undefined;
      const progress = (phase: ListImportPhase) =>
        setState({
          phase,
          total: rows.length,
          sent: results.length,
          results: [...results],
          remaining,
          whatsappCheck: check,
        });
      progress('sending');
      try {
        for (let at = 0; at < rows.length && !cancelled.current; at += CONTACT_BULK_MAX) {
          const chunk = rows.slice(at, at + CONTACT_BULK_MAX);
          const answer = await importContactListChunk(listId, chunk);
          results.push(...answer.results);
          check = worseCheck(check, answer.whatsappCheck);
          if (answer.remaining === 0) {
            results.push(
              ...rows
                .slice(at + chunk.length)
                .map((r) => ({ line: r.line, status: 'refused' as const, reason: 'overCapacity' as const })),
            );
          }
          progress('sending');
          if (answer.remaining === 0) break;
        }
        progress('done');
      } catch (error) {
        setState({
          phase: 'failed',
          total: rows.length,
          sent: results.length,
          results,
          remaining,
          whatsappCheck: check,
          error,
        });
      } finally {
        void client.invalidateQueries({ queryKey: contactListKeys.all });
      }
    },
    [client, listId],
  );

  const reset = useCallback(() => {
    cancelled.current = true;
    setState(IDLE);
  }, []);

  return { state, start, reset };
}
