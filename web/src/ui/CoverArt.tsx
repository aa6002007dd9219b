import { Text } from '@mantine/core';

/** Template palettes per category, for albums and templates that have no rendered cover preview yet. */
const CATEGORY_COLORS: Record<string, string[]> = {
  business: ['#1F5EFF', '#12B5A6', '#EEF2F7'],
  wedding: ['#C9A27E', '#F4E3D7', '#7A5C61'],
  sports: ['#C8102E', '#0B2545', '#F2C14E'],
  birthday: ['#FF5FA2', '#FFD166', '#5BC0EB'],
  school: ['#2E7D32', '#FFC107', '#E3F2FD'],
  community: ['#7B4FFF', '#FF8A3D', '#FFF4E6'],
};
const FALLBACK = ['#F0622B', '#FFD166', '#FFF1EB'];

interface Props {
  title: string;
  category?: string | null;
  /** A template's palette; the first two entries are the black/white basics (SPEC §3) and are skipped. */
  palette?: string[];
  titleFont?: string;
}

/** A friendly stand-in cover: the album's colours, a few sticker shapes and its title. */
export function CoverArt({ title, category, palette, titleFont }: Props) {
  const own = palette && palette.length > 4 ? palette.slice(2, 5) : undefined;
  const [primary, secondary, light] = own ?? CATEGORY_COLORS[category ?? ''] ?? FALLBACK;
  return (
    <div
      aria-hidden
      style={{
        position: 'relative',
        overflow: 'hidden',
        background: `linear-gradient(135deg, ${primary} 0%, ${primary} 48%, ${secondary} 48%, ${secondary} 100%)`,
      }}
    >
      {[
        { left: '8%', top: '14%', rotate: -8 },
        { left: '70%', top: '52%', rotate: 7 },
      ].map((sticker, index) => (
        <div
          key={index}
          style={{
            position: 'absolute',
            left: sticker.left,
            top: sticker.top,
            width: '18%',
            aspectRatio: '5 / 7',
            background: light,
            border: '3px solid white',
            borderRadius: 6,
            transform: `rotate(${sticker.rotate}deg)`,
            boxShadow: '0 4px 10px rgba(0,0,0,0.18)',
          }}
        />
      ))}
      <Text
        fw={800}
        c="white"
        ta="center"
        lineClamp={2}
        style={{
          position: 'absolute',
          inset: '30% 12% auto',
          fontFamily: titleFont ? `"${titleFont}", var(--mantine-font-family)` : undefined,
          fontSize: 'clamp(16px, 2.2vw, 26px)',
          textShadow: '0 2px 8px rgba(0,0,0,0.35)',
        }}
      >
        {title}
      </Text>
    </div>
  );
}
