import { Box, Grid } from '@chakra-ui/react';
import { QUEUE_COLOR_PALETTE } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import { QUEUES_NS } from '../i18n';

/** The queue colour, picked from the spec's palette of preset hex colours (part 3 §2). */
export function ColorPalette({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const { t } = useTranslation(QUEUES_NS);
  return (
    // w="full": inside a Field (a column that aligns its children to the start) an auto-fill grid sized to
    // its content had one column: all 50 swatches stacked, pushing the rest of the form out of view
    <Grid
      w="full"
      templateColumns="repeat(auto-fill, minmax(1.75rem, 1fr))"
      gap="1.5"
      role="radiogroup"
      data-testid="color-palette"
    >
      {QUEUE_COLOR_PALETTE.map((color) => {
        const chosen = value.toLowerCase() === color.toLowerCase();
        return (
          <Box
            asChild
            key={color}
            role="radio"
            aria-checked={chosen}
            aria-label={t('dialog.chooseColor', { color })}
            bg={color}
            h="7"
            rounded="md"
            borderWidth="2px"
            borderColor={chosen ? 'fg' : 'transparent'}
            color="white"
            display="flex"
            alignItems="center"
            justifyContent="center"
            cursor="pointer"
          >
            <button type="button" onClick={() => onChange(color)}>
              {chosen ? <LuCheck /> : null}
            </button>
          </Box>
        );
      })}
    </Grid>
  );
}
