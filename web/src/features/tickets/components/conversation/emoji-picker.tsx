/**
 * The emoji grid (emoji-picker-react, native glyphs: nothing is fetched from a CDN). Loaded on
 * demand with its language's dataset, so the workspace's first paint does not carry it.
 */
import EmojiPicker, { EmojiStyle, Theme } from 'emoji-picker-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '@/components/color-mode';
import { currentLanguage } from '@/lib/i18n';

type Dataset = Parameters<typeof EmojiPicker>[0] extends { emojiData?: infer D } ? D : never;

const datasets: Record<string, () => Promise<{ default: Dataset }>> = {
  'pt-BR': () => import('emoji-picker-react/data/emojis-pt') as Promise<{ default: Dataset }>,
  es: () => import('emoji-picker-react/data/emojis-es') as Promise<{ default: Dataset }>,
  en: () => import('emoji-picker-react/data/emojis-en') as Promise<{ default: Dataset }>,
};

export default function EmojiGrid({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation('tickets');
  const { colorMode } = useColorMode();
  const [data, setData] = useState<Dataset | undefined>(undefined);
  const language = currentLanguage();
  useEffect(() => {
    let live = true;
    void (datasets[language] ?? datasets.en!)().then((module) => live && setData(module.default));
    return () => {
      live = false;
    };
  }, [language]);
  return (
    <EmojiPicker
      emojiStyle={EmojiStyle.NATIVE}
      theme={colorMode === 'dark' ? Theme.DARK : Theme.LIGHT}
      emojiData={data}
      lazyLoadEmojis
      width={320}
      height={380}
      previewConfig={{ showPreview: false }}
      labels={{ searchPlaceholder: t('input.emojiSearch'), searchLabel: t('input.emojiSearch') }}
      onEmojiClick={(picked) => onPick(picked.emoji)}
    />
  );
}
