/**
 * The Lucide icons (ISC licence) the sign-in path shows, declared with react-icons' own `GenIcon`
 * and the same data as `react-icons/lu`, so they render exactly like the rest of the console's.
 * Why not import them from react-icons/lu: that package is ONE module, so the bundler would bring
 * every icon the console uses into the sign-in page's first load (decisions.md "Web console: first load").
 * Elsewhere, import from react-icons/lu as usual.
 */
import { GenIcon, type IconType } from 'react-icons/lib';

export const LuEye: IconType = GenIcon({
  tag: 'svg',
  attr: {
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  },
  child: [
    {
      tag: 'path',
      attr: { d: 'M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0' },
      child: [],
    },
    { tag: 'circle', attr: { cx: '12', cy: '12', r: '3' }, child: [] },
  ],
});
export const LuEyeOff: IconType = GenIcon({
  tag: 'svg',
  attr: {
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  },
  child: [
    {
      tag: 'path',
      attr: { d: 'M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49' },
      child: [],
    },
    { tag: 'path', attr: { d: 'M14.084 14.158a3 3 0 0 1-4.242-4.242' }, child: [] },
    {
      tag: 'path',
      attr: { d: 'M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143' },
      child: [],
    },
    { tag: 'path', attr: { d: 'm2 2 20 20' }, child: [] },
  ],
});
export const LuLanguages: IconType = GenIcon({
  tag: 'svg',
  attr: {
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  },
  child: [
    { tag: 'path', attr: { d: 'm5 8 6 6' }, child: [] },
    { tag: 'path', attr: { d: 'm4 14 6-6 2-3' }, child: [] },
    { tag: 'path', attr: { d: 'M2 5h12' }, child: [] },
    { tag: 'path', attr: { d: 'M7 2h1' }, child: [] },
    { tag: 'path', attr: { d: 'm22 22-5-10-5 10' }, child: [] },
    { tag: 'path', attr: { d: 'M14 18h6' }, child: [] },
  ],
});
export const LuCalendarClock: IconType = GenIcon({
  tag: 'svg',
  attr: {
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  },
  child: [
    { tag: 'path', attr: { d: 'M21 7.5V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h3.5' }, child: [] },
    { tag: 'path', attr: { d: 'M16 2v4' }, child: [] },
    { tag: 'path', attr: { d: 'M8 2v4' }, child: [] },
    { tag: 'path', attr: { d: 'M3 10h5' }, child: [] },
    { tag: 'path', attr: { d: 'M17.5 17.5 16 16.3V14' }, child: [] },
    { tag: 'circle', attr: { cx: '16', cy: '16', r: '6' }, child: [] },
  ],
});
export const LuMessagesSquare: IconType = GenIcon({
  tag: 'svg',
  attr: {
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  },
  child: [
    { tag: 'path', attr: { d: 'M14 9a2 2 0 0 1-2 2H6l-4 4V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2z' }, child: [] },
    { tag: 'path', attr: { d: 'M18 9h2a2 2 0 0 1 2 2v11l-4-4h-6a2 2 0 0 1-2-2v-1' }, child: [] },
  ],
});
export const LuUsers: IconType = GenIcon({
  tag: 'svg',
  attr: {
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  },
  child: [
    { tag: 'path', attr: { d: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2' }, child: [] },
    { tag: 'circle', attr: { cx: '9', cy: '7', r: '4' }, child: [] },
    { tag: 'path', attr: { d: 'M22 21v-2a4 4 0 0 0-3-3.87' }, child: [] },
    { tag: 'path', attr: { d: 'M16 3.13a4 4 0 0 1 0 7.75' }, child: [] },
  ],
});
