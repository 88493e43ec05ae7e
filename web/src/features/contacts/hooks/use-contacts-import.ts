import { useQueryClient } from '@tanstack/react-query';
import { CONTACT_BULK_MAX, type ImportRowResult } from '@atende/shared';
import { useCallback, useRef, useState } from 'react';
import { contactKeys, importContactsChunk } from '../api/contacts-api';
import { readSpreadsheet, type SheetRow } from '@/lib/spreadsheet';

export type ImportPhase = 'idle' | 'reading' | 'sending' | 'done' | 'failed';

export interface ImportState {
  phase: ImportPhase;
  /** Rows read from the file, and how many the server answered. */
  total: number;
  sent: number;
  results: ImportRowResult[];
  error?: unknown;
}

const IDLE: ImportState = { phase: 'idle', total: 0, sent: 0, results: [] };

/**
 * The spreadsheet import (issue 27): the browser reads the file and posts it in chunks of
 * CONTACT_BULK_MAX rows, one after the other, so no request grows with the file. The progress is the
 * share of rows answered; the report is every row the server refused, with why. A chunk that fails
 * stops the import (sending it again is safe: its created rows come back as duplicates).
 */
export function useContactsImport() {
  const client = useQueryClient();
  const [state, setState] = useState<ImportState>(IDLE);
  const cancelled = useRef(false);

  const start = useCallback(
    async (file: File) => {
      cancelled.current = false;
      setState({ ...IDLE, phase: 'reading' });
      let rows: SheetRow[];
      try {
        rows = await readSpreadsheet(file);
      } catch (error) {
        setState({ ...IDLE, phase: 'failed', error });
        return;
      }
      setState({ ...IDLE, phase: 'sending', total: rows.length });
      const results: ImportRowResult[] = [];
      try {
        for (let at = 0; at < rows.length && !cancelled.current; at += CONTACT_BULK_MAX) {
          const chunk = rows.slice(at, at + CONTACT_BULK_MAX);
          const answer = await importContactsChunk(chunk);
          results.push(...answer.results);
          setState({ phase: 'sending', total: rows.length, sent: at + chunk.length, results: [...results] });
        }
        setState({ phase: 'done', total: rows.length, sent: results.length, results });
      } catch (error) {
        setState({ phase: 'failed', total: rows.length, sent: results.length, results, error });
      } finally {
        void client.invalidateQueries({ queryKey: contactKeys.all });
      }
    },
    [client],
  );

  const reset = useCallback(() => {
    cancelled.current = true;
    setState(IDLE);
  }, []);

  return { state, start, reset };
}
