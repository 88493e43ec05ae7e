/**
 * Tickets created per hour, 01:00 to 00:00 (spec part 1 §2), drawn with recharts through Chakra's
 * chart wrapper (theme colours, light and dark). Loaded on its own (React.lazy from the page): the
 * charting code stays out of every first load.
 */
import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

export interface HourBucket {
  hour: string;
  tickets: number;
}

export default function TicketsByHourChart({ data, label }: { data: HourBucket[]; label: string }) {
  const chart = useChart({ data, series: [{ name: 'tickets', color: 'brand.solid', label }] });
  return (
    <Chart.Root maxH="xs" chart={chart} aria-label={label}>
      {/* recharts 3 draws nothing without a size: `responsive` sizes the chart from Chart.Root by CSS. */}
      <BarChart responsive data={chart.data} style={{ width: '100%', height: '100%' }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis axisLine={false} tickLine={false} dataKey={chart.key('hour')} interval="preserveStartEnd" />
        <YAxis axisLine={false} tickLine={false} allowDecimals={false} width={32} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        {chart.series.map((item) => (
          <Bar
            key={String(item.name)}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            fill={chart.color(item.color)}
            radius={[4, 4, 0, 0]}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
