import { Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { HHMM_PATTERN, mayEditCompanyHours, type CompanySchedulesDto, type ScheduleEntry } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { fullWeek, WeekHoursEditor } from '@/components/week-hours-editor';
import { useSession } from '@/hooks/use-session';
import { notify } from '@/lib/toaster';
import { useCompanyHours, useSaveCompanyHours } from '../api/company-settings';
import { SETTINGS_NS } from '../i18n';

/**
 * Settings → Hours (spec part 2 §2: shown while scheduleType is 'company'; §3 "Schedule entry"; §5
 * HH:MM mask): the company's week and the time zone it is read in. Saved with `PUT
 * /companies/{id}/schedules`; the bot applies it within seconds.
 */
export function CompanyHours() {
  const { user } = useSession();
  const hours = useCompanyHours(user?.companyId);
  if (hours.isPending) return <LoadingState />;
  if (hours.isError) return <ErrorState error={hours.error} onRetry={() => void hours.refetch()} />;
  return <HoursForm key={hours.dataUpdatedAt} saved={hours.data} />;
}

function HoursForm({ saved }: { saved: CompanySchedulesDto }) {
  const { t } = useTranslation(SETTINGS_NS);
  const { viewer } = useSession();
  const save = useSaveCompanyHours(saved.id);
  const [week, setWeek] = useState<ScheduleEntry[]>(() => fullWeek(saved.schedules));
  const [timeZone, setTimeZone] = useState(saved.timeZone);
  const [submitted, setSubmitted] = useState(false);
  const canEdit = !!viewer && mayEditCompanyHours(viewer, saved.id);
  const badTime = (index: number, which: 'startTime' | 'endTime') =>
    submitted && !HHMM_PATTERN.test(week[index]![which]) ? t('hours.invalidTime') : undefined;
  const badZone = !isTimeZone(timeZone);

  const submit = async () => {
    setSubmitted(true);
    if (badZone || week.some((e) => !HHMM_PATTERN.test(e.startTime) || !HHMM_PATTERN.test(e.endTime))) return;
    try {
      await save.mutateAsync({ id: saved.id, schedules: week, timeZone });
      notify.success(t('hours.saved'));
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Card.Root data-testid="company-hours">
      <Card.Body gap="5">
        <Text color="fg.muted">{t('hours.description')}</Text>
        <WeekHoursEditor
          value={week}
          onChange={setWeek}
          disabled={!canEdit}
          labels={{
            weekday: (day) => t(`weekdays.${day}`),
            start: t('hours.start'),
            end: t('hours.end'),
            invalid: badTime,
          }}
        />
        <Field.Root invalid={badZone} disabled={!canEdit} maxW="sm">
          <Field.Label>{t('hours.timeZone')}</Field.Label>
          <Input value={timeZone} onChange={(event) => setTimeZone(event.target.value.trim())} list="time-zones" />
          <datalist id="time-zones">
            {timeZones().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <Field.ErrorText>{t('hours.invalidTimeZone')}</Field.ErrorText>
        </Field.Root>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="flex-end">
          <HStack>
            <Button colorPalette="brand" onClick={() => void submit()} loading={save.isPending} disabled={!canEdit}>
              {t('hours.save')}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** The runtime's IANA zones for the picker (Brazil's first), or none where Intl cannot list them. */
function timeZones(): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...all.filter((z) => z.startsWith('America/')), ...all.filter((z) => !z.startsWith('America/'))];
}
