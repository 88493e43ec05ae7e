import { Box, Field, Grid, Input, Text } from '@chakra-ui/react';
import { WEEKDAYS_EN, type ScheduleEntry, type WeekdayEn } from '@atende/shared';
import type { ChangeEvent } from 'react';

/**
 * THE week of business hours (spec part 2 §3 "Schedule entry", §5 "Hours": HH:MM mask), used by
 * Settings → Hours (the company's) and the queue dialog (a queue's). One row per weekday, Sunday
 * first; a day whose end is not after its start is closed. The texts come from the caller's feature.
 */
export interface WeekHoursLabels {
  weekday: (weekdayEn: WeekdayEn) => string;
  start: string;
  end: string;
  /** The message of a row's invalid time, already translated. */
  invalid?: (index: number, which: 'startTime' | 'endTime') => string | undefined;
}

interface WeekHoursEditorProps {
  value: ScheduleEntry[];
  onChange: (value: ScheduleEntry[]) => void;
  labels: WeekHoursLabels;
  disabled?: boolean;
}

/** What an HH:MM field holds after each edit: digits only, a colon after the hours, at most 5 characters. */
export function maskHhmm(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** The seven weekdays in order, each from `value` or closed when missing. */
export function fullWeek(value: readonly ScheduleEntry[]): ScheduleEntry[] {
  return WEEKDAYS_EN.map(
    (weekdayEn) =>
      value.find((entry) => entry.weekdayEn === weekdayEn) ?? {
        weekday: '',
        weekdayEn,
        startTime: '00:00',
        endTime: '00:00',
      },
  );
}

export function WeekHoursEditor({ value, onChange, labels, disabled }: WeekHoursEditorProps) {
  const week = fullWeek(value);
  const edit = (index: number, which: 'startTime' | 'endTime') => (event: ChangeEvent<HTMLInputElement>) =>
    onChange(week.map((entry, i) => (i === index ? { ...entry, [which]: maskHhmm(event.target.value) } : entry)));

  return (
    <Box>
      <Grid
        templateColumns={{ base: '1fr 1fr', sm: 'minmax(8rem, 1fr) 1fr 1fr' }}
        gap="3"
        alignItems="start"
        data-testid="week-hours"
      >
        {week.map((entry, index) => (
          <WeekdayRow key={entry.weekdayEn} index={index} entry={entry} labels={labels} edit={edit} disabled={disabled} />
        ))}
      </Grid>
    </Box>
  );
}

function WeekdayRow({
  index,
  entry,
  labels,
  edit,
  disabled,
}: {
  index: number;
  entry: ScheduleEntry;
  labels: WeekHoursLabels;
  edit: (index: number, which: 'startTime' | 'endTime') => (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
}) {
  const day = labels.weekday(entry.weekdayEn as WeekdayEn);
  const field = (which: 'startTime' | 'endTime', label: string) => {
    const error = labels.invalid?.(index, which);
    return (
      <Field.Root invalid={!!error}>
        <Field.Label srOnly>{`${day} ${label}`}</Field.Label>
        <Input
          inputMode="numeric"
          placeholder="HH:MM"
          maxLength={5}
          value={entry[which]}
          onChange={edit(index, which)}
          disabled={disabled}
          aria-label={`${day} ${label}`}
          data-testid={`hours-${entry.weekdayEn}-${which}`}
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    );
  };
  return (
    <>
      <Text gridColumn={{ base: '1 / -1', sm: 'auto' }} fontWeight="medium" pt={{ sm: '2' }}>
        {day}
      </Text>
      {field('startTime', labels.start)}
      {field('endTime', labels.end)}
    </>
  );
}
